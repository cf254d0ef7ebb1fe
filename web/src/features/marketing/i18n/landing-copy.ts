import type { IconName } from '../../../components/ui/icons';
import type { PlanId } from '../../../lib/plan-catalog';

export type Lang = 'en' | 'es' | 'fr';

export interface Titled {
  /** An icon, or a short text such as a step number. */
  readonly icon: IconName | `${number}`;
  readonly title: string;
  readonly description: string;
}

interface Testimonial {
  readonly name: string;
  readonly role: string;
  readonly content: string;
  readonly rating: 5;
}

interface PlanCopy {
  readonly name: string;
  readonly description: string;
  readonly usageExample: string;
  readonly features: readonly string[];
  /** Said next to a weekly price instead of the first feature (see PlanCardCopy). */
  readonly weeklyAllowance?: string;
  readonly cta: string;
}

interface FaqItem {
  readonly question: string;
  readonly answer: string;
}

/** Every word of a landing page; the structure is identical in each language (spec section 2). */
export interface LandingCopy {
  readonly lang: Lang;
  readonly locale: string;
  readonly path: string;
  readonly meta: { readonly title: string; readonly description: string };
  readonly loading: string;
  readonly nav: {
    readonly features: string;
    readonly demo: string;
    readonly pricing: string;
    readonly reviews: string;
    readonly signIn: string;
    readonly signUp: string;
    readonly dashboard: string;
    readonly language: string;
    readonly primary: string;
    readonly home: string;
  };
  readonly hero: {
    readonly eyebrow: string;
    readonly title: string;
    readonly subtitle: string;
    readonly cta: string;
    readonly secondary: string;
    readonly note: string;
    readonly sampleTitle: string;
    readonly sampleLines: readonly {
      readonly speaker: string;
      readonly time: string;
      readonly text: string;
    }[];
  };
  readonly trustBadges: readonly string[];
  readonly stats: readonly { readonly value: string; readonly label: string }[];
  readonly testimonials: {
    readonly title: string;
    readonly subtitle: string;
    readonly disclaimer: string;
    readonly items: readonly Testimonial[];
  };
  readonly features: {
    readonly title: string;
    readonly subtitle: string;
    readonly upload: string;
    readonly record: string;
    readonly toggleLabel: string;
    readonly uploadPane: {
      readonly drop: string;
      readonly formats: string;
      readonly progress: string;
      readonly recordingTitle: string;
      readonly completed: string;
      readonly position: string;
    };
    readonly recordPane: {
      readonly recording: string;
      readonly microphone: string;
      readonly systemAudio: string;
      /** The label over the pane's sample of live text (the pane shows what the Record tab does). */
      readonly preview: string;
      readonly liveLines: readonly string[];
    };
  };
  readonly professional: {
    readonly title: string;
    readonly subtitle: string;
    readonly items: readonly Titled[];
  };
  readonly why: { readonly title: string; readonly items: readonly Titled[] };
  readonly security: { readonly title: string; readonly subtitle: string; readonly items: readonly Titled[] };
  readonly demo: {
    readonly title: string;
    readonly subtitle: string;
    readonly steps: readonly Titled[];
    readonly cta: string;
  };
  readonly carousel: {
    readonly title: string;
    readonly previous: string;
    readonly next: string;
    readonly pick: string;
  };
  readonly pricing: {
    readonly title: string;
    readonly subtitle: string;
    readonly weekly: string;
    readonly monthly: string;
    readonly perWeek: string;
    readonly perMonth: string;
    readonly forever: string;
    readonly popular: string;
    readonly was: string;
    readonly guarantee: string;
    readonly plans: Readonly<Record<PlanId, PlanCopy>>;
  };
  readonly comparison: {
    readonly title: string;
    readonly subtitle: string;
    readonly columns: readonly {
      readonly name: string;
      readonly highlight: boolean;
      readonly points: readonly string[];
    }[];
  };
  readonly faq: { readonly title: string; readonly items: readonly FaqItem[] };
  readonly finalCta: { readonly title: string; readonly subtitle: string; readonly cta: string };
  readonly footer: {
    readonly tagline: string;
    readonly product: string;
    readonly solutions: string;
    readonly resources: string;
    readonly legal: string;
    readonly links: Readonly<Record<string, string>>;
    readonly rights: string;
    readonly cookieSettings: string;
  };
}
