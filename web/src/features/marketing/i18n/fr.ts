import faq from '../../../../../content/faq/faq.fr.json';
import type { LandingCopy } from './landing-copy';
import { frPricing } from './fr-pricing';

export const fr: LandingCopy = {
  lang: 'fr',
  locale: 'fr-FR',
  path: '/fr',
  meta: {
    title: 'Scrivo : transcription par IA de l’audio et de la vidéo, jusqu’à 1 Go par fichier',
    description:
      'Importez de l’audio ou de la vidéo (MP3, WAV, M4A, WEBM, MP4, MOV, jusqu’à 1 Go) et obtenez des transcriptions horodatées dans environ 100 langues, la traduction en anglais et des exports PDF, DOCX, TXT, SRT, VTT. Plan Gratuit : 5 minutes par mois.',
  },
  loading: 'Chargement...',
  nav: {
    features: 'Fonctionnalités',
    demo: 'Démo',
    pricing: 'Tarifs',
    reviews: 'Avis',
    signIn: 'Connexion',
    signUp: "S'inscrire",
    dashboard: 'Tableau de bord',
    language: 'Langue',
    primary: 'Principal',
    home: 'Accueil Scrivo',
  },
  hero: {
    eyebrow: 'La transcription par IA que vous pouvez héberger vous-même',
    title: 'Transformez l’audio et la vidéo en texte précis et modifiable',
    subtitle:
      'Importez de l’audio ou de la vidéo jusqu’à 1 Go. Scrivo détecte la langue, horodate chaque mot et vous donne une transcription à réécouter, rechercher et exporter.',
    cta: 'Commencer gratuitement',
    secondary: 'Voir le fonctionnement',
    note: '5 minutes gratuites chaque mois. Sans carte bancaire.',
    sampleTitle: 'Point produit hebdomadaire.mp4',
    sampleLines: [
      {
        speaker: 'Intervenant 1',
        time: '00:02',
        text: 'Commençons par la liste du lancement de la semaine prochaine.',
      },
      {
        speaker: 'Intervenant 2',
        time: '00:07',
        text: 'Les pages en espagnol et en français sont traduites et relues.',
      },
      {
        speaker: 'Intervenant 1',
        time: '00:13',
        text: 'Parfait. Tu peux exporter les sous-titres en SRT pour l’équipe vidéo ?',
      },
    ],
  },
  trustBadges: [
    'Mots de passe Argon2id',
    'Privé par défaut',
    'Auto-hébergeable',
    'Sans carte pour le Gratuit',
  ],
  stats: [
    { value: '~100', label: 'langues reconnues' },
    { value: '1 Go', label: 'taille maximale de fichier' },
    { value: '6', label: 'formats d’export' },
    { value: '5 min', label: 'gratuites chaque mois' },
  ],
  testimonials: {
    title: 'À qui s’adresse Scrivo',
    subtitle: 'Quatre usages typiques de Scrivo.',
    disclaimer: 'Profils illustratifs décrivant des usages typiques, pas des citations de vrais clients.',
    items: [
      {
        name: 'Maya, podcasteuse',
        role: 'Profil type · Créatrice de contenu',
        content:
          'Importe chaque épisode de 90 minutes en MP4, et exporte les sous-titres SRT et un DOCX pour les notes.',
        rating: 5,
      },
      {
        name: 'Daniel, étudiant en master',
        role: 'Profil type · Éducation',
        content:
          'Importe les enregistrements de ses séminaires, cherche les termes clés et exporte un DOCX pour ses notes.',
        rating: 5,
      },
      {
        name: 'Priya, responsable recherche',
        role: 'Profil type · Recherche utilisateur',
        content:
          'Transcrit des entretiens clients en espagnol et en anglais et partage des PDF horodatés avec son équipe.',
        rating: 5,
      },
      {
        name: 'Tom, administrateur système',
        role: 'Profil type · Auto-hébergement',
        content:
          'Fait tourner Scrivo sur un serveur interne pour que les réunions enregistrées ne quittent jamais le réseau.',
        rating: 5,
      },
    ],
  },
  features: {
    title: 'Deux façons d’obtenir une transcription',
    subtitle:
      'Importez un fichier existant, ou enregistrez depuis le micro ou un onglet et lisez les mots au fil de la parole.',
    upload: 'Importer un audio',
    record: 'Enregistrer en direct',
    toggleLabel: 'Comment ajouter de l’audio',
    uploadPane: {
      drop: 'Déposez votre audio ou vidéo ici',
      formats: 'MP3, WAV, M4A, WEBM, OGG, FLAC, MP4, MOV · jusqu’à 1 Go · reprise possible',
      progress: 'Import… 68 %',
      recordingTitle: 'Entretien client – mars',
      completed: 'Terminé',
      position: '12:34 / 45:20',
    },
    recordPane: {
      recording: 'Enregistrement',
      microphone: 'Micro',
      systemAudio: 'Audio système',
      preview: 'Texte en direct',
      liveLines: [
        'Bienvenue à tous pour le cours d’aujourd’hui sur les données climatiques.',
        'Nous verrons trois jeux de données et leur collecte.',
        'D’abord, les relevés de température des océans depuis 1950…',
      ],
    },
  },
  professional: {
    title: 'Tout ce qu’il faut pour une transcription professionnelle',
    subtitle: 'Du premier import à l’export final.',
    items: [
      {
        icon: 'globe',
        title: 'Environ 100 langues',
        description: 'Détection automatique de la langue, ou choisissez-la vous-même.',
      },
      {
        icon: 'speakers',
        title: 'Étiquettes d’intervenants',
        description:
          'Avec Business Pro, voyez qui a dit quoi : chaque ligne indique l’intervenant (Speaker 1, Speaker 2…) dans la transcription et les exports, et vous pouvez les renommer.',
      },
      {
        icon: 'translate',
        title: 'Traduction en anglais',
        description: 'Transformez la parole d’une autre langue directement en texte anglais.',
      },
      {
        icon: 'play',
        title: 'Cliquez pour écouter',
        description:
          'Cliquez sur une ligne pour l’entendre ; raccourcis clavier pour pause et sauts. Corrigez les mots et nommez les intervenants dans l’éditeur, enregistré au fil de la frappe.',
      },
      {
        icon: 'search',
        title: 'Recherche',
        description: 'Retrouvez un mot dans un long enregistrement et allez à ce moment.',
      },
      {
        icon: 'document',
        title: 'Exports',
        description: 'PDF, DOCX, TXT, SRT, VTT, JSON et RTTM horodatés.',
      },
    ],
  },
  why: {
    title: 'Pourquoi choisir Scrivo',
    items: [
      {
        icon: 'bolt',
        title: 'Rapide',
        description: 'Des transcriptions en minutes plutôt qu’en jours avec un service manuel.',
      },
      {
        icon: 'server',
        title: 'Votre serveur, vos données',
        description: 'Hébergez Scrivo et gardez l’audio dans votre infrastructure.',
      },
      {
        icon: 'tag',
        title: 'Prix justes',
        description: 'Commencez gratuitement, puis payez à la semaine ou au mois. Annulez quand vous voulez.',
      },
      {
        icon: 'video',
        title: 'La vidéo aussi',
        description: 'Fichiers MP4 et MOV jusqu’à 1 Go ; nous extrayons l’audio pour vous.',
      },
    ],
  },
  security: {
    title: 'La sécurité intégrée',
    subtitle: 'Vos enregistrements vous appartiennent. Ces protections sont actives par défaut.',
    items: [
      {
        icon: 'lock',
        title: 'Enregistrements privés',
        description: 'Seul votre compte peut ouvrir vos enregistrements et transcriptions.',
      },
      {
        icon: 'key',
        title: 'Mots de passe robustes',
        description: 'Mots de passe hachés avec Argon2id ; sessions en cookies httpOnly.',
      },
      {
        icon: 'shield',
        title: 'Requêtes protégées',
        description: 'Protection CSRF et limitation du débit sur chaque formulaire.',
      },
      {
        icon: 'trash',
        title: 'Suppression à tout moment',
        description: 'Supprimez un enregistrement quand vous voulez, et annulez sous 30 jours.',
      },
    ],
  },
  demo: {
    title: 'Voyez-le en action',
    subtitle: 'Du fichier à la transcription finale en trois étapes.',
    steps: [
      {
        icon: '1',
        title: 'Ajoutez votre audio',
        description: 'Importez un fichier audio ou vidéo jusqu’à 1 Go.',
      },
      {
        icon: '2',
        title: 'Scrivo transcrit',
        description: 'Détection de la langue et horodatage de chaque mot.',
      },
      {
        icon: '3',
        title: 'Relisez et exportez',
        description: 'Réécoutez, recherchez, puis téléchargez en PDF, DOCX, TXT ou SRT.',
      },
    ],
    cta: 'Essayer gratuitement',
  },
  carousel: { title: 'Cas d’usage', previous: 'Cas précédent', next: 'Cas suivant', pick: 'Afficher le cas' },
  ...frPricing,
  faq: { title: 'Questions fréquentes', items: faq },
  finalCta: {
    title: 'Prêt à arrêter de taper ?',
    subtitle: 'Créez un compte gratuit et transcrivez vos 5 premières minutes dès aujourd’hui.',
    cta: 'Commencer gratuitement',
  },
  footer: {
    tagline: 'La transcription par IA de l’audio et de la vidéo, sur un serveur que vous contrôlez.',
    product: 'Produit',
    solutions: 'Solutions',
    resources: 'Ressources',
    legal: 'Mentions légales',
    links: {
      features: 'Fonctionnalités',
      pricing: 'Tarifs et plans',
      premium: 'Plan Premium',
      businessPro: 'Plan Business Pro',
      comingSoon: 'Feuille de route',
      business: 'Entreprises',
      creators: 'Créateurs de contenu',
      education: 'Éducation',
      sales: 'Ventes et marketing',
      productivity: 'Productivité personnelle',
      blog: 'Blog',
      guides: 'Guides',
      help: 'Centre d’aide',
      howto: 'Tutoriels',
      faq: 'FAQ',
      templates: 'Modèles d’e-mails',
      privacy: 'Confidentialité',
      terms: 'Conditions',
      security: 'Sécurité',
      cookies: 'Cookies',
    },
    rights: 'Scrivo. Libre d’auto-héberger.',
    cookieSettings: 'Paramètres des cookies',
  },
};
