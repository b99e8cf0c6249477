import type { ViewerLanguage } from '@livent/shared';

/** What the public page says itself (the organiser's texts come from the settings). */
export interface ViewerTexts {
  starts: string;
  skip: string;
  menu: string;
  /** The channel menu's heading by `channelMenuName`. */
  channelMenu: { channels: string; language: string; rooms: string };
  mainChannel: string;
  messagePrompt: string;
  messageName: string;
  messageText: string;
  messageSend: string;
  messageSent: string;
  messageFailed: string;
  messageTooMany: string;
  complianceText: string;
  complianceAccept: string;
  legalTerms: string;
  privacy: string;
  poweredBy: string;
  playerUnavailable: string;
  notFoundTitle: string;
  notFoundText: string;
  highlights: string;
  agenda: string;
}

export const VIEWER_TEXTS: Record<ViewerLanguage, ViewerTexts> = {
  en: {
    skip: 'Skip to content',
    starts: 'Starts',
    menu: 'Menu',
    channelMenu: { channels: 'Channels', language: 'Language', rooms: 'Rooms' },
    mainChannel: 'Main event',
    messagePrompt: 'Send us a message or a question.',
    messageName: 'Your name',
    messageText: 'Your message',
    messageSend: 'Send message',
    messageSent: 'Thank you! Your message has been sent.',
    messageFailed: 'Your message could not be sent. Please try again.',
    messageTooMany: 'Too many messages. Please wait a moment and try again.',
    complianceText:
      'This page uses cookies and embedded content from third parties. By continuing you accept our terms and privacy policy.',
    complianceAccept: 'OK',
    legalTerms: 'Legal notice',
    privacy: 'Privacy policy',
    poweredBy: 'Powered by',
    playerUnavailable: 'The stream is not available yet.',
    notFoundTitle: 'Event not found',
    notFoundText: 'There is no event at this address. Please check the link you were given.',
    highlights: 'Highlights',
    agenda: 'Agenda',
  },
  de: {
    skip: 'Zum Inhalt springen',
    starts: 'Beginn',
    menu: 'Menü',
    channelMenu: { channels: 'Kanäle', language: 'Sprache', rooms: 'Räume' },
    mainChannel: 'Hauptveranstaltung',
    messagePrompt: 'Senden Sie uns eine Nachricht oder eine Frage.',
    messageName: 'Ihr Name',
    messageText: 'Ihre Nachricht',
    messageSend: 'Nachricht senden',
    messageSent: 'Vielen Dank! Ihre Nachricht wurde gesendet.',
    messageFailed: 'Ihre Nachricht konnte nicht gesendet werden. Bitte versuchen Sie es erneut.',
    messageTooMany: 'Zu viele Nachrichten. Bitte warten Sie einen Moment.',
    complianceText:
      'Diese Seite verwendet Cookies und eingebettete Inhalte Dritter. Mit der weiteren Nutzung akzeptieren Sie unsere Nutzungsbedingungen und die Datenschutzerklärung.',
    complianceAccept: 'OK',
    legalTerms: 'Impressum',
    privacy: 'Datenschutz',
    poweredBy: 'Bereitgestellt von',
    playerUnavailable: 'Der Stream ist noch nicht verfügbar.',
    notFoundTitle: 'Veranstaltung nicht gefunden',
    notFoundText:
      'Unter dieser Adresse gibt es keine Veranstaltung. Bitte prüfen Sie den Link, den Sie erhalten haben.',
    highlights: 'Highlights',
    agenda: 'Programm',
  },
  es: {
    skip: 'Saltar al contenido',
    starts: 'Comienza',
    menu: 'Menú',
    channelMenu: { channels: 'Canales', language: 'Idioma', rooms: 'Salas' },
    mainChannel: 'Evento principal',
    messagePrompt: 'Envíenos un mensaje o una pregunta.',
    messageName: 'Su nombre',
    messageText: 'Su mensaje',
    messageSend: 'Enviar mensaje',
    messageSent: '¡Gracias! Su mensaje ha sido enviado.',
    messageFailed: 'No se pudo enviar su mensaje. Por favor, inténtelo de nuevo.',
    messageTooMany: 'Demasiados mensajes. Espere un momento e inténtelo de nuevo.',
    complianceText:
      'Esta página utiliza cookies y contenido incrustado de terceros. Al continuar, acepta nuestras condiciones y nuestra política de privacidad.',
    complianceAccept: 'Aceptar',
    legalTerms: 'Aviso legal',
    privacy: 'Política de privacidad',
    poweredBy: 'Con la tecnología de',
    playerUnavailable: 'La transmisión aún no está disponible.',
    notFoundTitle: 'Evento no encontrado',
    notFoundText: 'No hay ningún evento en esta dirección. Compruebe el enlace que recibió.',
    highlights: 'Destacados',
    agenda: 'Programa',
  },
  fr: {
    skip: 'Aller au contenu',
    starts: 'Début',
    menu: 'Menu',
    channelMenu: { channels: 'Chaînes', language: 'Langue', rooms: 'Salles' },
    mainChannel: 'Événement principal',
    messagePrompt: 'Envoyez-nous un message ou une question.',
    messageName: 'Votre nom',
    messageText: 'Votre message',
    messageSend: 'Envoyer le message',
    messageSent: 'Merci ! Votre message a bien été envoyé.',
    messageFailed: "Votre message n'a pas pu être envoyé. Veuillez réessayer.",
    messageTooMany: 'Trop de messages. Veuillez patienter un instant et réessayer.',
    complianceText:
      'Cette page utilise des cookies et des contenus intégrés de tiers. En continuant, vous acceptez nos conditions et notre politique de confidentialité.',
    complianceAccept: 'OK',
    legalTerms: 'Mentions légales',
    privacy: 'Politique de confidentialité',
    poweredBy: 'Propulsé par',
    playerUnavailable: "La diffusion n'est pas encore disponible.",
    notFoundTitle: 'Événement introuvable',
    notFoundText: "Il n'y a aucun événement à cette adresse. Veuillez vérifier le lien reçu.",
    highlights: 'Temps forts',
    agenda: 'Programme',
  },
};
