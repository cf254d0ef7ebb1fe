import { lazy, Suspense } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { SignupPolicyNotice } from '../../../components/signup-policy-notice';
import type { LandingCopy } from '../i18n/landing-copy';
import { LANDING_ALTERNATES, useSeo } from '../seo/use-seo';
import { productStructuredData } from '../seo/structured-data';
import { Comparison, FaqSection, FinalCta } from './comparison-and-faq';
import { FeaturesDemo } from './features-demo';
import { Hero } from './hero';
import { ProfessionalFeatures, SecuritySection, WhyChoose } from './info-sections';
import { PricingSection } from './pricing-section';
import { SiteHeader } from './site-header';
import { TestimonialCards } from './testimonial-cards';
import { TestimonialCarousel } from './testimonial-carousel';
import { Stats, TrustBadges } from './trust-and-stats';
import './landing.css';

// Below the fold and not needed for the first paint: their code arrives after the page is visible.
const LiveDemo = lazy(() => import('./live-demo'));
const SiteFooter = lazy(() => import('./site-footer'));

/** A landing page in one language: every section in the spec's order. */
export function LandingPage({ copy, path = copy.path }: { copy: LandingCopy; path?: string }) {
  useSeo({
    title: copy.meta.title,
    description: copy.meta.description,
    path,
    lang: copy.lang,
    alternates: LANDING_ALTERNATES,
    jsonLd: productStructuredData(
      typeof window === 'undefined' ? '' : window.location.origin,
      copy.meta.description,
    ),
  });
  const loading = <Spinner label={copy.loading} />;
  return (
    <div lang={copy.lang}>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
      >
        {copy.lang === 'es'
          ? 'Saltar al contenido'
          : copy.lang === 'fr'
            ? 'Aller au contenu'
            : 'Skip to content'}
      </a>
      <SiteHeader copy={copy} />
      <main id="main">
        <SignupPolicyNotice className="mx-auto my-4 max-w-3xl text-center" lang={copy.lang} />
        <Hero copy={copy} />
        <TrustBadges copy={copy} />
        <Stats copy={copy} />
        <TestimonialCards copy={copy} />
        <FeaturesDemo copy={copy} />
        <ProfessionalFeatures copy={copy} />
        <WhyChoose copy={copy} />
        <SecuritySection copy={copy} />
        <Suspense fallback={loading}>
          <LiveDemo copy={copy} />
        </Suspense>
        <TestimonialCarousel copy={copy} />
        <PricingSection copy={copy} />
        <Comparison copy={copy} />
        <FaqSection copy={copy} />
        <FinalCta copy={copy} />
      </main>
      <Suspense fallback={loading}>
        <SiteFooter copy={copy} />
      </Suspense>
    </div>
  );
}
