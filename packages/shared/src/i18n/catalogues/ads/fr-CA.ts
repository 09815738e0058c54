import type { TranslationOf } from '../../catalogue.js';
import type en from './en.js';

export default {
  form: {
    invalidSummary:
      'Le formulaire contient des données non valides! Veuillez vérifier ces champs :',
    required: 'Ce champ est obligatoire.',
    tooLong: 'Veuillez utiliser au plus {max} caractères.',
    descriptionCount:
      '{used, plural, one {# caractère utilisé} other {# caractères utilisés}} sur {max, number}.',
    descriptionNearLimit:
      'Il reste seulement {left, plural, one {# caractère} other {# caractères}}.',
    descriptionOverLimit:
      '{over, plural, one {# caractère} other {# caractères}} de trop : veuillez raccourcir la description.',
    phone: 'Veuillez entrer un numéro de téléphone de 10 à 15 chiffres.',
    phoneNotDialable:
      'Ce numéro de téléphone ne semble pas être un vrai numéro pour le pays de l’annonce.',
    age: 'Veuillez entrer votre âge : vous devez avoir au moins 19 ans.',
    email: 'Veuillez entrer une adresse courriel valide.',
    url: 'Veuillez entrer un lien vers un site Web public commençant par http:// ou https://.',
    backlinkNotFound:
      'Nous n’avons trouvé aucun lien vers notre site à l’adresse que vous avez fournie, ou nous n’acceptons pas les liens provenant de ce site Web…',
    backlinkTaken: 'Ce lien est déjà utilisé par une autre annonce.',
    backlinkRequired:
      'Une annonce gratuite avec lien exige l’adresse de la page qui contient un lien vers notre site.',
    backlinkTarget:
      'La page doit contenir un lien vers {siteUrl}. Collez-y ce lien, puis indiquez l’adresse de la page ci-dessous :',
    backlinkSnippetLabel: 'Code HTML du lien',
    backlinkCopy: 'Copier le lien',
    backlinkCopied: 'Copié',
    city: 'Veuillez choisir une ville.',
    type: 'Veuillez choisir le type d’annonce.',
    typeCannotChange: 'Le type d’une annonce ne peut pas être changé une fois qu’elle est créée.',
    typeFreeChoosable:
      'Rien n’a été payé pour cette annonce VIP : vous pouvez la garder VIP et payer, ou plutôt la publier comme annonce gratuite.',
    option: 'Veuillez choisir l’une des options.',
    contactsLabel: 'Afficher sur mon annonce',
    contactsHint:
      'Comment les gens peuvent vous joindre à partir de votre annonce publique. Votre courriel n’est affiché que si vous cochez Courriel.',
    contactsRequired: 'Veuillez choisir au moins un moyen de vous joindre.',
    contactOption: 'Veuillez choisir appel, texto ou courriel.',
  },
  rates: {
    ratesHint:
      'Facultatif : jusqu’à 8 lignes. Chaque durée peut figurer une fois si vous recevez et une fois si vous vous déplacez.',
    hoursHint:
      'Facultatif : pour chaque jour, choisissez fermé, sur rendez-vous ou des heures d’ouverture (la fin après le début).',
    addRate: 'Ajouter un tarif',
    removeRate: 'Retirer ce tarif',
    placeLabel: 'Lieu',
    amountLabel: 'Montant ({currency})',
    fromLabel: 'De',
    toLabel: 'À',
    rates: 'Veuillez indiquer les tarifs sous forme de liste de lignes.',
    tooMany: 'Veuillez indiquer au plus {max} tarifs.',
    duplicate:
      'Chaque durée peut être indiquée une fois si vous recevez et une fois si vous vous déplacez.',
    duration: 'Veuillez choisir une durée dans la liste.',
    place: 'Veuillez choisir « Reçoit » ou « Se déplace ».',
    amount: 'Veuillez entrer un montant.',
    amountPositive: 'Veuillez entrer un montant supérieur à zéro.',
    amountCents: 'Veuillez entrer un montant d’au plus deux décimales.',
    amountTooLarge: 'Veuillez entrer un montant d’au plus {max, number}.',
    hours: 'Veuillez indiquer les heures à raison d’une entrée par jour, du lundi au dimanche.',
    day: 'Veuillez choisir fermé, sur rendez-vous, ou une heure d’ouverture et une heure de fermeture.',
    time: 'Veuillez entrer une heure au format HH:MM, de 00:00 à 23:59.',
    endsBeforeStart: 'L’heure de fermeture doit être postérieure à l’heure d’ouverture.',
  },
  wizard: {
    rulesHeading: 'Veuillez lire nos règles',
    rulesAccept: 'J’ai lu et je comprends les règles et les conditions d’utilisation de ce site',
    agree: 'J’accepte',
    selectCityFirst: 'Pour continuer, veuillez d’abord choisir une ville!',
    selectTypeFirst: 'Pour continuer, veuillez choisir le type d’annonce que vous voulez publier!',
    postingOn: 'Publication à {city}, {country}',
    finishFailed: 'Nous n’avons pas pu terminer la publication de votre annonce!',
    finishFailedCauses:
      'Le lien vers notre site est introuvable sur la page que vous avez indiquée, ou le système est temporairement indisponible. Veuillez réessayer plus tard ou écrire à {contactEmail}.',
    notFound:
      'Oups… Un problème est survenu! Nous n’avons pas pu récupérer cette annonce dans notre base de données.',
    updateFailed: 'Nous n’avons pas pu mettre à jour votre annonce. Veuillez réessayer.',
    submitForReview: 'Soumettre pour examen',
    submitted: 'Votre annonce a été soumise pour examen.',
    submitNeedsPhoto:
      'Une annonce vérifiée exige sa photo de vérification : vous, tenant un papier portant le nom du site, la date du jour et le code affiché à l’étape Photos.',
    draftRestored: 'Votre brouillon non enregistré a été restauré (modifié {age}).',
    draftAge:
      '{unit, select, now {il y a moins d’une minute} minutes {{n, plural, one {il y a # minute} other {il y a # minutes}}} hours {{n, plural, one {il y a # heure} other {il y a # heures}}} other {{n, plural, one {il y a # jour} other {il y a # jours}}}}',
    draftDiscard: 'Supprimer le brouillon',
    leaveUnsaved: 'Quitter sans enregistrer? Votre brouillon est conservé sur cet appareil.',
    rules: {
      age: 'Vous devez avoir plus de 21 ans, ou l’âge de la majorité là où vous habitez, pour publier une annonce.',
      consent: 'Ne publiez pas d’annonce pour une autre personne sans son consentement.',
      legal: 'Aucune activité illégale de quelque nature que ce soit.',
      language:
        'Aucun langage explicite : les annonces qui en contiennent ne seront pas approuvées.',
      media: 'Aucune photo ni aucun autre média explicite ou offensant.',
      entertainment:
        'Les annonces sont offertes à des fins de divertissement seulement et ne doivent pas servir à solliciter des relations sexuelles.',
      scams: 'Aucun hameçonnage, aucune arnaque ni aucune offre trompeuse.',
      accuracy:
        'Toutes les informations doivent être exactes. Les annonces dont le numéro de téléphone ou le courriel n’est pas valide peuvent être retirées sans préavis.',
      removal: 'Nous pouvons retirer n’importe quelle annonce en tout temps.',
      refunds:
        'Les annonces qui enfreignent ces règles peuvent ne pas être approuvées, et les remboursements ne sont pas garantis.',
    },
  },
  posts: {
    deleteTitle: 'Supprimer l’annonce?',
    deleteBody:
      'Cette annonce sera désactivée et supprimée définitivement. Ses renseignements ne pourront pas être récupérés.',
    deleteCancel: 'Annuler',
    deleteConfirm: 'Oui, supprimez-la!',
    deleted: 'Votre annonce a été supprimée.',
    rejectedReasonLabel: 'Pourquoi elle n’a pas été approuvée :',
    rejectedNoReason: 'Un modérateur n’a pas approuvé cette annonce.',
    rejectedNext:
      'Corrigez ce qu’indique le motif, puis soumettez de nouveau l’annonce pour examen.',
    rejectedReasonWithNote: '{reason} : {note}',
    editAndResubmit: 'Modifier et soumettre de nouveau',
    askRefund: 'Demander un remboursement',
    refundHow:
      'Votre paiement peut être remboursé, moins les frais de réseau : ouvrez le lien dans le courriel que nous vous avons envoyé lorsque l’annonce n’a pas été approuvée et indiquez l’adresse Bitcoin à laquelle l’envoyer. Vous pouvez aussi modifier l’annonce et la soumettre de nouveau : vos jours payés sont conservés.',
  },
  rejectionReasons: {
    explicit_language: 'Langage explicite dans le titre ou la description',
    explicit_media: 'Photos explicites ou offensantes',
    age_unclear: 'Âge légal non démontré, ou photos qui semblent montrer une personne mineure',
    not_the_person: 'Photos qui ne montrent pas la personne annoncée',
    verification_photo:
      'La photo de vérification ne montre pas le site, la date et le code de l’annonce',
    invalid_contact: 'Le numéro de téléphone ou l’adresse courriel ne fonctionne pas',
    backlink_missing: 'Le lien vers notre site est manquant',
    illegal_or_scam: 'Activité illégale, hameçonnage ou arnaque',
    duplicate: 'Doublon d’une autre annonce',
    other: 'Autre',
  },
  badges: {
    status: {
      active: 'APPROUVÉE',
      incomplete: 'INCOMPLÈTE',
      payment_pending: 'PAIEMENT EN ATTENTE',
      rejected: 'NON APPROUVÉE',
      paused: 'EN PAUSE',
      scheduled: 'PROGRAMMÉE',
      pending: 'EN ATTENTE',
    },
    type: {
      free: 'Gratuite',
      vip: 'VIP',
      vipFor: 'VIP {duration}',
      vipNotPaid: 'VIP (non payée)',
      premium: 'Premium',
      regular: 'Standard',
      unknown: 'Inconnu',
    },
    expired: 'expirée',
    heldVip: 'VIP, {days, plural, one {# jour} other {# jours}} à partir de l’approbation',
    heldPremium: 'Premium, {days, plural, one {# jour} other {# jours}} à partir de l’approbation',
    heldBoth: '{vip}; {premium}',
  },
  access: {
    forbidden: 'Vous n’avez pas l’autorisation de modifier cette annonce.',
    linkExpired:
      'Ce lien de modification est expiré. Veuillez vous connecter, ou publier l’annonce de nouveau.',
  },
  verification: {
    emailFailed: 'Nous n’avons pas pu valider votre adresse courriel!',
    emailVerified: 'Votre adresse courriel est vérifiée.',
    smsSent: 'Nous avons envoyé un code à 6 chiffres par texto à votre téléphone.',
    smsCodeFailed:
      'Code non reconnu. Veuillez vérifier le code que nous avons envoyé à votre téléphone.',
    smsCodeExpired:
      'Ce code est expiré ou a fait l’objet de trop de tentatives. Veuillez en demander un nouveau.',
    resendCode: 'Renvoyer le code',
    resendCodeIn: 'Renvoyer le code dans {wait}',
    smsResent:
      'Nous vous avons envoyé un nouveau code par texto. Il est valide {ttlMinutes, plural, one {# minute} other {# minutes}}; les codes précédents ne fonctionnent plus.',
    resendTooSoon: 'Veuillez attendre {wait} avant de demander un autre code.',
    resendHourly:
      'Nous avons envoyé {count, plural, one {# code} other {# codes}} par texto pour cette annonce au cours de la dernière heure. Vous pourrez en demander un autre dans {wait}.',
    noPhone: 'Cette annonce n’a aucun numéro de téléphone à vérifier.',
    complete: 'Merci! Votre adresse courriel et votre numéro de téléphone sont vérifiés.',
    smsBody: '{code} est votre code de vérification {siteName}.',
  },
  content: {
    flaggedWords:
      'Votre annonce contient des mots que nous n’acceptons pas. Un modérateur l’examinera.',
  },
} satisfies TranslationOf<typeof en>;
