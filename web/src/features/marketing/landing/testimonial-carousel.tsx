import { Icon } from '../../../components/ui/icons';
import { useEffect, useState } from 'react';
import type { LandingCopy } from '../i18n/landing-copy';
import { Section, Stars } from './section';
import { Button } from '../../../components/ui/button';

const ROTATION_MS = 5000;

/** Advances by one every 5 seconds over the four items and wraps; pauses while hovered or focused. */
export function TestimonialCarousel({
  copy,
  intervalMs = ROTATION_MS,
}: {
  copy: LandingCopy;
  intervalMs?: number;
}) {
  const items = copy.testimonials.items;
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    if (paused) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % items.length), intervalMs);
    return () => window.clearInterval(timer);
  }, [paused, intervalMs, items.length]);

  const item = items[index]!;
  return (
    <Section title={copy.carousel.title} subtitle={copy.testimonials.disclaimer} tone="tint">
      <div
        className="mx-auto max-w-3xl"
        onMouseEnter={() => setPaused(true)}
        onMouseLeave={() => setPaused(false)}
        onFocus={() => setPaused(true)}
        onBlur={() => setPaused(false)}
      >
        <figure
          aria-roledescription="slide"
          aria-label={`${index + 1} / ${items.length}`}
          data-index={index}
          className="flex min-h-56 flex-col items-center gap-4 rounded-2xl bg-white p-8 text-center shadow"
        >
          <Stars count={item.rating} />
          <blockquote className="text-xl text-slate-800">{item.content}</blockquote>
          <figcaption>
            <span className="block font-semibold">{item.name}</span>
            <span className="block text-sm text-slate-600">{item.role}</span>
          </figcaption>
        </figure>
        <div className="mt-6 flex items-center justify-center gap-3">
          <Button
            variant="unstyled"
            aria-label={copy.carousel.previous}
            onClick={() => setIndex((index - 1 + items.length) % items.length)}
            className="grid h-10 w-10 place-items-center rounded-full border border-slate-300 bg-white hover:bg-slate-100"
          >
            <Icon name="chevronLeft" className="h-5 w-5" />
          </Button>
          {items.map((entry, i) => (
            <Button
              variant="unstyled"
              key={entry.name}
              aria-label={`${copy.carousel.pick} ${i + 1}`}
              aria-current={i === index}
              onClick={() => setIndex(i)}
              className="grid h-10 w-6 place-items-center"
            >
              <span
                className={`block h-2.5 w-2.5 rounded-full ${i === index ? 'bg-brand-600' : 'bg-slate-300'}`}
              />
            </Button>
          ))}
          <Button
            variant="unstyled"
            aria-label={copy.carousel.next}
            onClick={() => setIndex((index + 1) % items.length)}
            className="grid h-10 w-10 place-items-center rounded-full border border-slate-300 bg-white hover:bg-slate-100"
          >
            <Icon name="chevronRight" className="h-5 w-5" />
          </Button>
        </div>
      </div>
    </Section>
  );
}
