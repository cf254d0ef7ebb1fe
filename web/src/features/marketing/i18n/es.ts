import faq from '../../../../../content/faq/faq.es.json';
import type { LandingCopy } from './landing-copy';
import { esPricing } from './es-pricing';

export const es: LandingCopy = {
  lang: 'es',
  locale: 'es-ES',
  path: '/es',
  meta: {
    title: 'Scrivo: transcripción con IA de audio y vídeo, hasta 1 GB por archivo',
    description:
      'Sube audio o vídeo (MP3, WAV, M4A, WEBM, MP4, MOV, hasta 1 GB) y obtén transcripciones con marcas de tiempo en unos 100 idiomas, traducción al inglés y exportación a PDF, DOCX, TXT, SRT y VTT. Plan Gratis: 5 minutos al mes.',
  },
  loading: 'Cargando...',
  nav: {
    features: 'Funciones',
    demo: 'Demo',
    pricing: 'Precios',
    reviews: 'Opiniones',
    signIn: 'Iniciar sesión',
    signUp: 'Registrarse',
    dashboard: 'Panel',
    language: 'Idioma',
    primary: 'Principal',
    home: 'Inicio de Scrivo',
  },
  hero: {
    eyebrow: 'Transcripción con IA que puedes alojar tú mismo',
    title: 'Convierte audio y vídeo en texto preciso y editable',
    subtitle:
      'Sube audio o vídeo de hasta 1 GB. Scrivo detecta el idioma, marca el tiempo de cada palabra y te da una transcripción que puedes reproducir, buscar y exportar.',
    cta: 'Empieza gratis',
    secondary: 'Cómo funciona',
    note: '5 minutos gratis cada mes. Sin tarjeta de crédito.',
    sampleTitle: 'Reunión semanal de producto.mp4',
    sampleLines: [
      {
        speaker: 'Hablante 1',
        time: '00:02',
        text: 'Empecemos con la lista del lanzamiento de la semana que viene.',
      },
      {
        speaker: 'Hablante 2',
        time: '00:07',
        text: 'Las páginas en español y francés ya están traducidas y revisadas.',
      },
      {
        speaker: 'Hablante 1',
        time: '00:13',
        text: 'Genial. ¿Puedes exportar los subtítulos en SRT para el equipo de vídeo?',
      },
    ],
  },
  trustBadges: [
    'Contraseñas con Argon2id',
    'Privado por defecto',
    'Autoalojable',
    'Sin tarjeta en el plan Gratis',
  ],
  stats: [
    { value: '~100', label: 'idiomas reconocidos' },
    { value: '1 GB', label: 'tamaño máximo de archivo' },
    { value: '6', label: 'formatos de exportación' },
    { value: '5 min', label: 'gratis cada mes' },
  ],
  testimonials: {
    title: 'Para quién es Scrivo',
    subtitle: 'Cuatro formas habituales de usar Scrivo.',
    disclaimer: 'Perfiles ilustrativos que describen casos de uso típicos, no citas de clientes reales.',
    items: [
      {
        name: 'Maya, podcaster',
        role: 'Perfil de ejemplo · Creadora de contenido',
        content:
          'Sube cada episodio de 90 minutos en MP4, y exporta subtítulos SRT y un DOCX para las notas del programa.',
        rating: 5,
      },
      {
        name: 'Daniel, estudiante de posgrado',
        role: 'Perfil de ejemplo · Educación',
        content:
          'Sube las grabaciones de sus seminarios, busca términos clave en las transcripciones y exporta un DOCX para sus apuntes.',
        rating: 5,
      },
      {
        name: 'Priya, responsable de investigación',
        role: 'Perfil de ejemplo · Investigación de usuarios',
        content:
          'Transcribe entrevistas con clientes en español e inglés y comparte PDF con marcas de tiempo con su equipo.',
        rating: 5,
      },
      {
        name: 'Tom, administrador de sistemas',
        role: 'Perfil de ejemplo · Autoalojamiento',
        content:
          'Ejecuta Scrivo en un servidor de la empresa para que las grabaciones internas nunca salgan de la red.',
        rating: 5,
      },
    ],
  },
  features: {
    title: 'Dos formas de obtener una transcripción',
    subtitle:
      'Sube un archivo que ya tengas, o graba desde el micrófono o una pestaña y lee las palabras mientras se dicen.',
    upload: 'Subir audio',
    record: 'Grabar en directo',
    toggleLabel: 'Cómo añadir audio',
    uploadPane: {
      drop: 'Suelta aquí tu audio o vídeo',
      formats: 'MP3, WAV, M4A, WEBM, OGG, FLAC, MP4, MOV · hasta 1 GB · reanudable',
      progress: 'Subiendo… 68%',
      recordingTitle: 'Entrevista con cliente – marzo',
      completed: 'Completado',
      position: '12:34 / 45:20',
    },
    recordPane: {
      recording: 'Grabando',
      microphone: 'Micrófono',
      systemAudio: 'Audio del sistema',
      preview: 'Texto en directo',
      liveLines: [
        'Bienvenidos a la clase de hoy sobre datos climáticos.',
        'Veremos tres conjuntos de datos y cómo se recopilaron.',
        'Primero, los registros de temperatura del océano desde 1950…',
      ],
    },
  },
  professional: {
    title: 'Todo lo que necesita una transcripción profesional',
    subtitle: 'Desde la primera subida hasta la exportación final.',
    items: [
      {
        icon: 'globe',
        title: 'Unos 100 idiomas',
        description: 'Detección automática del idioma, o elígelo tú.',
      },
      {
        icon: 'speakers',
        title: 'Etiquetas de hablante',
        description:
          'En Business Pro, mira quién dijo qué: cada línea indica quién habla (Speaker 1, Speaker 2…) en la transcripción y las exportaciones, y puedes renombrarlos.',
      },
      {
        icon: 'translate',
        title: 'Traducción al inglés',
        description: 'Convierte el habla en otro idioma directamente en texto en inglés.',
      },
      {
        icon: 'play',
        title: 'Haz clic para escuchar',
        description:
          'Haz clic en una línea para oírla; atajos de teclado para pausar y saltar. Corrige palabras y nombra a los hablantes en el editor, con guardado automático.',
      },
      {
        icon: 'search',
        title: 'Búsqueda',
        description: 'Encuentra cualquier palabra en una grabación larga y salta a ese momento.',
      },
      {
        icon: 'document',
        title: 'Exportación',
        description: 'PDF, DOCX, TXT, SRT, VTT, JSON y RTTM con marcas de tiempo.',
      },
    ],
  },
  why: {
    title: 'Por qué elegir Scrivo',
    items: [
      {
        icon: 'bolt',
        title: 'Rapidez',
        description: 'Transcripciones en minutos, no en los días que tarda un servicio manual.',
      },
      {
        icon: 'server',
        title: 'Tu servidor, tus datos',
        description: 'Aloja Scrivo tú mismo y mantén el audio en tu infraestructura.',
      },
      {
        icon: 'tag',
        title: 'Precios justos',
        description:
          'Empieza gratis y paga por semana o por mes. Cancela cuando quieras y conserva tus datos.',
      },
      {
        icon: 'video',
        title: 'También vídeo',
        description: 'Archivos MP4 y MOV de hasta 1 GB; extraemos el audio por ti.',
      },
    ],
  },
  security: {
    title: 'Seguridad integrada',
    subtitle: 'Tus grabaciones son tuyas. Estas protecciones están activas por defecto.',
    items: [
      {
        icon: 'lock',
        title: 'Grabaciones privadas',
        description: 'Solo tu cuenta puede abrir tus grabaciones y transcripciones.',
      },
      {
        icon: 'key',
        title: 'Contraseñas seguras',
        description: 'Las contraseñas se guardan con Argon2id; las sesiones usan cookies httpOnly.',
      },
      {
        icon: 'shield',
        title: 'Protección de peticiones',
        description: 'Protección CSRF y límites de frecuencia en cada formulario.',
      },
      {
        icon: 'trash',
        title: 'Borra cuando quieras',
        description: 'Elimina una grabación cuando quieras y deshazlo en un plazo de 30 días.',
      },
    ],
  },
  demo: {
    title: 'Míralo en acción',
    subtitle: 'Del archivo a la transcripción terminada en tres pasos.',
    steps: [
      {
        icon: '1',
        title: 'Añade tu audio',
        description: 'Sube un archivo de audio o vídeo de hasta 1 GB.',
      },
      {
        icon: '2',
        title: 'Scrivo transcribe',
        description: 'Detección de idioma y una marca de tiempo para cada palabra.',
      },
      {
        icon: '3',
        title: 'Revisa y exporta',
        description: 'Reproduce, busca y descarga en PDF, DOCX, TXT o SRT.',
      },
    ],
    cta: 'Pruébalo gratis',
  },
  carousel: {
    title: 'Casos de uso',
    previous: 'Caso anterior',
    next: 'Caso siguiente',
    pick: 'Mostrar caso',
  },
  ...esPricing,
  faq: { title: 'Preguntas frecuentes', items: faq },
  finalCta: {
    title: '¿Listo para dejar de teclear?',
    subtitle: 'Crea una cuenta gratis y transcribe hoy tus primeros 5 minutos.',
    cta: 'Empieza gratis',
  },
  footer: {
    tagline: 'Transcripción con IA de audio y vídeo, en un servidor que puedes controlar.',
    product: 'Producto',
    solutions: 'Soluciones',
    resources: 'Recursos',
    legal: 'Legal',
    links: {
      features: 'Funciones',
      pricing: 'Precios y planes',
      premium: 'Plan Premium',
      businessPro: 'Plan Business Pro',
      comingSoon: 'Hoja de ruta',
      business: 'Empresas',
      creators: 'Creadores de contenido',
      education: 'Educación',
      sales: 'Ventas y marketing',
      productivity: 'Productividad personal',
      blog: 'Blog',
      guides: 'Guías',
      help: 'Centro de ayuda',
      howto: 'Cómo se hace',
      faq: 'Preguntas frecuentes',
      templates: 'Plantillas de correo',
      privacy: 'Privacidad',
      terms: 'Términos',
      security: 'Seguridad',
      cookies: 'Cookies',
    },
    rights: 'Scrivo. Libre para autoalojar.',
    cookieSettings: 'Configurar cookies',
  },
};
