import type { Language } from '../events';
import type { MailMessage } from '../ports';
import { type EmailParts, renderHtml, renderText } from './layout';

interface Copy {
  verification: { subject: string; heading: string; intro: string; validity: string; ignore: string };
  deletion: { subject: string; heading: string; intro: string; validity: string; ignore: string };
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
    deletion: {
      subject: 'Your code to delete your Scrivo account: {code}',
      heading: 'Confirm the deletion of your account',
      intro:
        'Enter this code on your Scrivo account page to delete your account. Everything it holds (recordings, transcripts, chats) will be erased for good:',
      validity: 'The code is valid for 10 minutes.',
      ignore:
        "If you didn't ask to delete your account, ignore this email: nothing happens without the code.",
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
    deletion: {
      subject: 'Tu código para eliminar tu cuenta de Scrivo: {code}',
      heading: 'Confirma la eliminación de tu cuenta',
      intro:
        'Introduce este código en la página de tu cuenta de Scrivo para eliminarla. Todo lo que contiene (grabaciones, transcripciones, chats) se borrará para siempre:',
      validity: 'El código es válido durante 10 minutos.',
      ignore: 'Si no pediste eliminar tu cuenta, ignora este correo: sin el código no ocurre nada.',
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
    deletion: {
      subject: 'Votre code pour supprimer votre compte Scrivo : {code}',
      heading: 'Confirmez la suppression de votre compte',
      intro:
        'Saisissez ce code sur la page de votre compte Scrivo pour le supprimer. Tout ce qu’il contient (enregistrements, transcriptions, conversations) sera effacé définitivement :',
      validity: 'Le code est valable 10 minutes.',
      ignore:
        "Si vous n'avez pas demandé la suppression de votre compte, ignorez cet e-mail : rien ne se passe sans le code.",
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

/** The code that confirms "Delete my account" (for an account without a password, the only way). */
export const accountDeletionCodeEmail = (to: string, code: string, lang: Language): MailMessage => {
  const c = copy[lang].deletion;
  return message(
    to,
    c.subject.replace('{code}', code),
    {
      preheader: c.heading,
      heading: c.heading,
      paragraphs: [c.intro],
      highlight: { kind: 'code', value: code },
      footer: `${c.validity} ${c.ignore} ${copy[lang].footer}`,
    },
    lang,
    'account-deletion-code',
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
