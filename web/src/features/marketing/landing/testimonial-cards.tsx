import type { LandingCopy } from '../i18n/landing-copy';
import { Section, Stars } from './section';

/** The four fixed cards: illustrative personas, labelled as such (no invented customers). */
export function TestimonialCards({ copy }: { copy: LandingCopy }) {
  const { testimonials } = copy;
  return (
    <Section id="testimonials" title={testimonials.title} subtitle={testimonials.subtitle} tone="tint">
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {testimonials.items.map((item) => (
          <li
            key={item.name}
            className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
          >
            <Stars count={item.rating} />
            <p className="text-slate-800">{item.content}</p>
            <p className="mt-auto">
              <span className="block font-semibold">{item.name}</span>
              <span className="block text-sm text-slate-600">{item.role}</span>
            </p>
          </li>
        ))}
      </ul>
      <p className="mt-6 text-center text-sm text-slate-600">{testimonials.disclaimer}</p>
    </Section>
  );
}
