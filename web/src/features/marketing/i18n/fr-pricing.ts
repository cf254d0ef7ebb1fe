import type { LandingCopy } from './landing-copy';

/**
 * The French pricing section and plan comparison, apart from the rest of the page's copy so neither file passes
 * the 300-line limit.
 */
export const frPricing: Pick<LandingCopy, 'pricing' | 'comparison'> = {
  pricing: {
    title: 'Des tarifs simples',
    subtitle: 'Commencez gratuitement. Passez à un plan supérieur quand il vous faut plus de minutes.',
    weekly: 'Hebdomadaire',
    monthly: 'Mensuel',
    perWeek: '/semaine',
    perMonth: '/mois',
    forever: 'pour toujours',
    popular: 'Populaire',
    was: 'Avant',
    guarantee: 'Satisfait ou remboursé pendant 7 jours',
    plans: {
      free: {
        name: 'Gratuit',
        description: 'Essayez Scrivo sur de courts enregistrements.',
        usageExample: 'Environ un court mémo vocal par semaine.',
        features: ['5 minutes par mois', 'Export de base', 'Support par e-mail', 'Sans carte bancaire'],
        cta: 'Commencer gratuitement',
      },
      premium: {
        name: 'Premium',
        description: 'Pour les étudiants et créateurs qui enregistrent souvent.',
        usageExample: 'Environ quatre cours de 30 minutes par mois.',
        features: [
          '120 minutes par mois',
          'Recherche dans toutes vos transcriptions',
          'Éditeur de transcription avec enregistrement automatique',
          'Tous les formats d’export',
          'Traduction',
          'Support par e-mail',
        ],
        weeklyAllowance: '28 minutes par semaine (120 par mois)',
        cta: 'Choisir Premium',
      },
      business_pro: {
        name: 'Business Pro',
        description: 'Pour les équipes et les professionnels qui transcrivent chaque jour.',
        usageExample: 'Chaque réunion, entretien et webinaire.',
        features: [
          'Utilisation et imports illimités',
          'Fichiers jusqu’à 1 Go',
          'Étiquettes d’intervenants',
          'Résumés par IA',
          'Recherche et tous les formats d’export',
          'Éditeur de transcription avec enregistrement automatique',
          'Traduction',
          'Espaces d’équipe : enregistrements partagés, rôles et invitations',
        ],
        cta: 'Choisir Business Pro',
      },
    },
  },
  comparison: {
    title: 'Scrivo face aux alternatives',
    subtitle: 'Trois façons de transformer un enregistrement d’une heure en texte.',
    columns: [
      {
        name: 'Tout taper soi-même',
        highlight: false,
        points: [
          'Souvent 4 heures ou plus par heure d’audio',
          'Gratuit, mais coûte votre temps',
          'Ni horodatage ni sous-titres',
        ],
      },
      {
        name: 'Services de transcription humaine',
        highlight: false,
        points: [
          'En général 1 à 3 $ la minute',
          'Délai habituel de 24 à 48 heures',
          'Votre audio part chez un tiers',
        ],
      },
      {
        name: 'Scrivo',
        highlight: true,
        points: [
          'Des minutes, pas des jours',
          'Dès 0 $ ; illimité avec Business Pro',
          'Auto-hébergeable ; exports PDF, DOCX, TXT, SRT',
        ],
      },
    ],
  },
};
