import type { LandingCopy } from './landing-copy';

/**
 * The Spanish pricing section and plan comparison, apart from the rest of the page's copy so neither file passes
 * the 300-line limit.
 */
export const esPricing: Pick<LandingCopy, 'pricing' | 'comparison'> = {
  pricing: {
    title: 'Precios sencillos',
    subtitle: 'Empieza gratis. Mejora tu plan cuando necesites más minutos.',
    weekly: 'Semanal',
    monthly: 'Mensual',
    perWeek: '/semana',
    perMonth: '/mes',
    forever: 'para siempre',
    popular: 'Popular',
    was: 'Antes',
    guarantee: 'Garantía de devolución de 7 días',
    plans: {
      free: {
        name: 'Gratis',
        description: 'Prueba Scrivo con grabaciones cortas.',
        usageExample: 'Más o menos una nota de voz corta por semana.',
        features: ['5 minutos al mes', 'Exportación básica', 'Soporte por correo', 'Sin tarjeta de crédito'],
        cta: 'Empezar gratis',
      },
      premium: {
        name: 'Premium',
        description: 'Para estudiantes y creadores con grabaciones frecuentes.',
        usageExample: 'Unas cuatro clases de 30 minutos al mes.',
        features: [
          '120 minutos al mes',
          'Búsqueda en todas tus transcripciones',
          'Editor de transcripciones con autoguardado',
          'Todos los formatos de exportación',
          'Traducción',
          'Soporte por correo',
        ],
        weeklyAllowance: '28 minutos por semana (120 al mes)',
        cta: 'Elegir Premium',
      },
      business_pro: {
        name: 'Business Pro',
        description: 'Para equipos y profesionales que transcriben a diario.',
        usageExample: 'Cada reunión, entrevista y seminario web.',
        features: [
          'Uso y subidas ilimitados',
          'Archivos de hasta 1 GB',
          'Etiquetas de hablante',
          'Resúmenes con IA',
          'Búsqueda y todos los formatos de exportación',
          'Editor de transcripciones con autoguardado',
          'Traducción',
          'Espacios de equipo: grabaciones compartidas, roles e invitaciones',
        ],
        cta: 'Elegir Business Pro',
      },
    },
  },
  comparison: {
    title: 'Cómo se compara Scrivo',
    subtitle: 'Tres formas de convertir una grabación de una hora en texto.',
    columns: [
      {
        name: 'Transcribirlo a mano',
        highlight: false,
        points: [
          'A menudo 4 horas o más por hora de audio',
          'Gratis, pero cuesta tu tiempo',
          'Sin marcas de tiempo ni subtítulos',
        ],
      },
      {
        name: 'Servicios de transcripción humana',
        highlight: false,
        points: [
          'Normalmente de $1 a $3 por minuto',
          'Entrega habitual en 24–48 horas',
          'Tu audio va a un tercero',
        ],
      },
      {
        name: 'Scrivo',
        highlight: true,
        points: [
          'Minutos, no días',
          'Desde $0; ilimitado en Business Pro',
          'Autoalojable; exporta PDF, DOCX, TXT, SRT',
        ],
      },
    ],
  },
};
