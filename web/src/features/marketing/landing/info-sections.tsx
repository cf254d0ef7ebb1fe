import type { LandingCopy } from '../i18n/landing-copy';
import { Section } from './section';
import { TitledGrid } from './titled-grid';

export function ProfessionalFeatures({ copy }: { copy: LandingCopy }) {
  return (
    <Section title={copy.professional.title} subtitle={copy.professional.subtitle} tone="tint">
      <TitledGrid items={copy.professional.items} />
    </Section>
  );
}

export function WhyChoose({ copy }: { copy: LandingCopy }) {
  return (
    <Section title={copy.why.title}>
      <TitledGrid items={copy.why.items} columns={4} />
    </Section>
  );
}

export function SecuritySection({ copy }: { copy: LandingCopy }) {
  return (
    <Section title={copy.security.title} subtitle={copy.security.subtitle} tone="tint">
      <TitledGrid items={copy.security.items} columns={4} />
    </Section>
  );
}
