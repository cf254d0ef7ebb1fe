import type { Language } from '../events';
import type { MailMessage } from '../ports';
import { type EmailParts, renderHtml, renderText } from './layout';

interface Copy {
  verification: { subject: string; heading: string; intro: string; validity: string; ignore: string };
  reset: {
    subject: string;
    heading: string;
    intro: string;
    button: string;
    validity: string;
    ignore: string;
  };
  paymentFailed: { subject: string; heading: string; intro: string; button: string; after: string };
  footer: string;
}

const copy: Record<Language, Copy> = {
  en: {
    verification: {
      subject: 'Your Scrivo verification code: {code}',
      heading: 'Confirm your email address',
      intro: 'Enter this code on the Scrivo sign-up page to verify your email address:',
      validity: 'The code is valid for 10 minutes.',
      ignore: "If you didn't try to create a Scrivo account, you can ignore this email.",
    },
    reset: {
      subject: 'Reset your Scrivo password',
      heading: 'Reset your password',
      intro: 'We received a request to reset the password of your Scrivo account. Choose a new one here:',
      button: 'Set a new password',
      validity: 'The link can be used once and is valid for 1 hour.',
      ignore: "If you didn't ask for this, you can ignore this email: your password stays the same.",
    },
    paymentFailed: {
      subject: 'Your Scrivo payment did not go through',
      heading: 'We could not renew your plan',
      intro:
        'The payment for your Scrivo plan failed. Your plan stays active until {date} while we try again; please update your payment method:',
      button: 'Manage billing',
      after: 'If no payment goes through by then, your account becomes Free. Nothing is deleted.',
    },
    footer: 'Scrivo: AI transcription. You receive this email because of an action on your Scrivo account.',
  },
  es: {
    verification: {
      subject: 'Tu código de verificación de Scrivo: {code}',
      heading: 'Confirma tu dirección de correo',
      intro: 'Introduce este código en la página de registro de Scrivo para verificar tu correo electrónico:',
      validity: 'El código es válido durante 10 minutos.',
      ignore: 'Si no intentaste crear una cuenta en Scrivo, puedes ignorar este correo.',
    },
    reset: {
      subject: 'Restablece tu contraseña de Scrivo',
      heading: 'Restablece tu contraseña',
      intro:
        'Hemos recibido una solicitud para restablecer la contraseña de tu cuenta de Scrivo. Elige una nueva aquí:',
      button: 'Crear una nueva contraseña',
      validity: 'El enlace solo puede usarse una vez y es válido durante 1 hora.',
      ignore: 'Si no lo solicitaste, puedes ignorar este correo: tu contraseña no cambiará.',
    },
    paymentFailed: {
      subject: 'No se pudo cobrar tu plan de Scrivo',
      heading: 'No pudimos renovar tu plan',
      intro:
        'El pago de tu plan de Scrivo ha fallado. Tu plan sigue activo hasta el {date} mientras lo volvemos a intentar; actualiza tu método de pago:',
      button: 'Gestionar la facturación',
      after: 'Si ningún pago se completa antes, tu cuenta pasará a Free. No se borra nada.',
    },
    footer: 'Scrivo: transcripción con IA. Recibes este correo por una acción en tu cuenta de Scrivo.',
  },
  fr: {
    verification: {
      subject: 'Votre code de vérification Scrivo : {code}',
      heading: 'Confirmez votre adresse e-mail',
      intro: "Saisissez ce code sur la page d'inscription de Scrivo pour vérifier votre adresse e-mail :",
      validity: 'Le code est valable 10 minutes.',
      ignore: "Si vous n'avez pas essayé de créer un compte Scrivo, vous pouvez ignorer cet e-mail.",
    },
    reset: {
      subject: 'Réinitialisez votre mot de passe Scrivo',
      heading: 'Réinitialisez votre mot de passe',
      intro:
        'Nous avons reçu une demande de réinitialisation du mot de passe de votre compte Scrivo. Choisissez-en un nouveau ici :',
      button: 'Choisir un nouveau mot de passe',
      validity: "Le lien ne peut servir qu'une fois et reste valable 1 heure.",
      ignore:
        "Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail : votre mot de passe reste inchangé.",
    },
    paymentFailed: {
      subject: "Le paiement de votre offre Scrivo n'a pas abouti",
      heading: "Nous n'avons pas pu renouveler votre offre",
      intro:
        "Le paiement de votre offre Scrivo a échoué. Elle reste active jusqu'au {date} pendant que nous réessayons ; mettez à jour votre moyen de paiement :",
      button: 'Gérer la facturation',
      after: "Si aucun paiement n'aboutit d'ici là, votre compte repasse en Free. Rien n'est supprimé.",
    },
    footer:
      'Scrivo : transcription par IA. Vous recevez cet e-mail suite à une action sur votre compte Scrivo.',
  },
};

const message = (
  to: string,
  subject: string,
  parts: EmailParts,
  lang: Language,
  tag: string,
): MailMessage => ({
  to,
  subject,
  text: renderText(parts),
  html: renderHtml(parts, lang),
  tag,
});

export const verificationCodeEmail = (to: string, code: string, lang: Language): MailMessage => {
  const c = copy[lang].verification;
  return message(
    to,
    c.subject.replace('{code}', code),
    {
      preheader: c.intro,
      heading: c.heading,
      paragraphs: [c.intro],
      highlight: { kind: 'code', value: code },
      footer: `${c.validity} ${c.ignore} ${copy[lang].footer}`,
    },
    lang,
    'verification-code',
  );
};

export const passwordResetEmail = (to: string, link: string, lang: Language): MailMessage => {
  const c = copy[lang].reset;
  return message(
    to,
    c.subject,
    {
      preheader: c.intro,
      heading: c.heading,
      paragraphs: [c.intro],
      highlight: { kind: 'button', label: c.button, url: link },
      footer: `${c.validity} ${c.ignore} ${copy[lang].footer}`,
    },
    lang,
    'password-reset',
  );
};

/** A renewal failed: the plan runs until `graceUntil` (a date people read, in UTC), then Free unless paid. */
export const paymentFailedEmail = (
  to: string,
  graceUntil: string,
  billingLink: string,
  lang: Language,
): MailMessage => {
  const c = copy[lang].paymentFailed;
  const intro = c.intro.replace('{date}', graceUntil.slice(0, 10));
  return message(
    to,
    c.subject,
    {
      preheader: intro,
      heading: c.heading,
      paragraphs: [intro, c.after],
      highlight: { kind: 'button', label: c.button, url: billingLink },
      footer: copy[lang].footer,
    },
    lang,
    'payment-failed',
  );
};
