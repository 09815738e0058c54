import type { TranslationOf } from '../../catalogue.js';
import type en from './en.js';

export default {
  title: 'Compte',
  emailLabel: 'Courriel',
  sessions: {
    heading: 'Où votre compte est connecté',
    intro:
      'Chaque navigateur ou application connecté à votre compte. Mettez fin à ceux que vous ne reconnaissez pas; ils sont déconnectés immédiatement.',
    device: 'Appareil',
    started: 'Connexion',
    lastActive: 'Dernière activité',
    thisDevice: 'Cet appareil',
    end: 'Fermer',
    endLabel: 'Fermer la session sur {device}',
    endOthers: 'Se déconnecter partout ailleurs',
    ended: 'Cette session est fermée.',
    othersEnded: 'Toutes vos autres sessions sont fermées.',
    onlyThisOne: 'Aucune autre session n’est ouverte.',
    notFound: 'Cette session n’existe pas ou est déjà fermée.',
  },
  password: {
    heading: 'Mot de passe',
    intro:
      'Changer votre mot de passe vous déconnecte partout ailleurs. Nous envoyons un avis à votre adresse courriel.',
    current: 'Mot de passe actuel',
    new: 'Nouveau mot de passe',
    confirm: 'Confirmer le nouveau mot de passe',
    submit: 'Changer le mot de passe',
    mismatch: 'Veuillez vous assurer que les deux nouveaux mots de passe sont identiques.',
    currentWrong: 'Votre mot de passe actuel est incorrect.',
    changed: 'Votre mot de passe a été modifié. Toutes vos autres sessions ont été fermées.',
    failed: 'Impossible de changer votre mot de passe. Veuillez réessayer plus tard.',
  },
  email: {
    heading: 'Adresse courriel',
    intro:
      'Nous envoyons un code à la nouvelle adresse. Votre adresse courriel reste la même jusqu’à ce que vous entriez ce code ici.',
    newEmail: 'Nouvelle adresse courriel',
    password: 'Mot de passe actuel',
    submit: 'Envoyer le code',
    same: 'C’est déjà votre adresse courriel.',
    passwordWrong: 'Votre mot de passe est incorrect.',
    codeSent:
      'Si l’adresse {email} peut être utilisée, nous y avons envoyé un code à 6 chiffres. Entrez-le ci-dessous pour terminer le changement.',
    code: 'Code reçu par courriel',
    confirm: 'Changer l’adresse courriel',
    cancel: 'Annuler',
    codeWrong: 'Code non reconnu. Vérifiez-le ou demandez un nouveau code.',
    taken:
      'Cette adresse courriel ne peut plus être utilisée pour votre compte. Veuillez en choisir une autre.',
    changed: 'Votre adresse courriel est maintenant {email}.',
    failed: 'Impossible de changer votre adresse courriel. Veuillez réessayer plus tard.',
  },
  mail: {
    accountDeleted: {
      subject: 'Votre compte a été supprimé',
      lines: {
        deleted:
          'Votre compte {site} a été supprimé à votre demande. Ses annonces ont été retirées et tous les appareils ont été déconnectés.',
        erased:
          'Le {eraseDate}, votre adresse courriel, votre mot de passe, vos numéros de téléphone, les textes de vos annonces et vos photos seront effacés. Les commandes, les reçus et les remboursements sont conservés comme l’exige la loi, sans vos données personnelles.',
        refund:
          'Si de l’argent pour du temps payé vous est dû, nous vous écrirons séparément pour vous demander où l’envoyer.',
        notYou:
          'Si ce n’était pas vous, communiquez avec nous immédiatement en répondant à ce courriel.',
      },
    },
    passwordChanged: {
      subject: 'Votre mot de passe a été modifié',
      lines: {
        changed:
          'Le mot de passe de votre compte {site} vient d’être modifié, et tous les autres appareils ont été déconnectés.',
        notYou:
          'Si ce n’était pas vous, réinitialisez immédiatement votre mot de passe avec « Mot de passe oublié? » sur la page de connexion.',
      },
    },
    emailChangeCode: {
      subject: 'Votre code pour changer votre adresse courriel : {code}',
      lines: {
        asked:
          'Quelqu’un a demandé à utiliser cette adresse pour un compte {site}. Le code est {code}.',
        confirm:
          'Entrez-le sur la page du compte pour confirmer le changement. Il expire dans {minutes, plural, one {# minute} other {# minutes}}.',
        notYou: 'Si ce n’était pas vous, ignorez ce message : rien ne change.',
      },
    },
    emailChangeTaken: {
      subject: 'Votre adresse courriel a été entrée pour un autre compte',
      lines: {
        asked:
          'Quelqu’un a demandé à utiliser cette adresse pour un autre compte {site}. Un compte utilise déjà cette adresse, donc rien n’a changé et aucun code n’a été envoyé.',
        ifYou:
          'Si c’était vous, connectez-vous plutôt à ce compte. Sinon, vous pouvez ignorer ce message.',
      },
    },
    emailChangeRequested: {
      subject: 'Un changement de votre adresse courriel a été demandé',
      lines: {
        asked:
          'Une personne connectée à votre compte {site} a demandé à changer son adresse courriel pour {newEmail}. Nous y avons envoyé un code; l’adresse reste celle-ci jusqu’à ce que le code soit entré.',
        notYou:
          'Si ce n’était pas vous, changez immédiatement votre mot de passe et déconnectez-vous partout ailleurs à partir de la page du compte.',
      },
    },
    emailChanged: {
      subject: 'Votre adresse courriel a été modifiée',
      lines: {
        changed:
          'L’adresse courriel de votre compte {site} est maintenant {newEmail}. Les messages concernant le compte y seront dorénavant envoyés.',
        notYou: 'Si ce n’était pas vous, écrivez-nous immédiatement à l’adresse ci-dessous.',
      },
    },
  },
  reauth: {
    passwordLabel: 'Votre mot de passe',
  },
  data: {
    heading: 'Vos données',
    intro:
      'Téléchargez un fichier contenant votre compte, vos annonces et les liens de leurs photos, vos commandes, reçus et remboursements, vos sessions ouvertes et les changements de sécurité de votre compte.',
    photoLinksNote: 'Les liens des photos dans le fichier fonctionnent pendant environ une heure.',
    download: 'Télécharger mes données',
    downloadSubmit: 'Télécharger',
    dialogTitle: 'Téléchargez vos données',
    dialogBody:
      'Entrez votre mot de passe (et un code de votre application d’authentification, si la connexion en deux étapes est activée) pour télécharger vos données.',
    cancel: 'Annuler',
    downloaded: 'Vos données ont été téléchargées.',
    failed: 'Vos données n’ont pas pu être téléchargées. Veuillez réessayer.',
  },
  deletion: {
    heading: 'Supprimer le compte',
    intro:
      'Vos annonces sont retirées et toutes vos sessions sont fermées immédiatement. Après {graceDays, plural, one {# jour} other {# jours}}, votre adresse courriel, votre mot de passe, vos numéros de téléphone, les textes de vos annonces et vos photos sont effacés. Les commandes, les reçus et les remboursements sont conservés comme l’exige la loi, sans vos données personnelles. Cette action est irréversible.',
    refundsNote:
      'L’argent du temps payé et non utilisé fait l’objet d’un remboursement, et nous vous écrirons pour vous demander où l’envoyer.',
    open: 'Supprimer mon compte',
    dialogTitle: 'Supprimer votre compte?',
    dialogBody:
      'Vos annonces sont retirées et vous ne pourrez plus vous connecter. Entrez votre mot de passe (et un code de votre application d’authentification, si la connexion en deux étapes est activée) pour confirmer.',
    cancel: 'Annuler',
    confirm: 'Supprimer mon compte',
    deleted: 'Votre compte a été supprimé.',
    failed: 'Votre compte n’a pas pu être supprimé. Veuillez réessayer.',
    signInRefused: 'Ce compte a été supprimé.',
    staffRefused:
      'Un compte de modérateur ou d’administrateur ne peut pas être supprimé ici. Demandez d’abord à un administrateur de changer son rôle.',
  },
  twoStep: {
    heading: 'Connexion en deux étapes',
    intro:
      'Après votre mot de passe, la connexion demande un code provenant d’une application d’authentification sur votre téléphone, ou une clé d’accès. Conservez vos codes de récupération en lieu sûr : chacun vous permet de vous connecter une fois si vous perdez votre téléphone.',
    required:
      'Votre compte doit utiliser la connexion en deux étapes. Ajoutez une application d’authentification ou une clé d’accès pour continuer.',
    none: 'La connexion en deux étapes est désactivée : aucune application d’authentification ni clé d’accès n’est configurée.',
    factorAdded: 'Ajoutée {date}',
    factorLastUsed: 'dernière utilisation {date}',
    add: 'Ajouter une application d’authentification',
    scanQr:
      'Balayez ce code QR avec votre application d’authentification, ou entrez-y la clé ci-dessous.',
    qrLabel: 'Code QR de la clé d’authentification',
    manualKey: 'Clé pour la saisie manuelle',
    nameLabel: 'Nom',
    defaultName: 'Application d’authentification',
    newCodeLabel: 'Code affiché par l’application',
    confirm: 'Activer',
    cancel: 'Annuler',
    rename: 'Renommer',
    renameLabel: 'Renommer {name}',
    remove: 'Retirer',
    removeLabel: 'Retirer {name}',
    renamed: 'L’application d’authentification a été renommée.',
    removed: 'L’application d’authentification a été retirée.',
    added: 'La connexion en deux étapes est activée.',
    recoveryHeading: 'Codes de récupération',
    recoveryLeft:
      '{count, plural, one {# code de récupération restant.} other {# codes de récupération restants.}}',
    recoveryNewHeading: 'Enregistrez vos codes de récupération',
    recoveryShownOnce:
      'Enregistrez ces codes maintenant : ils ne sont affichés qu’une seule fois. Chacun vous permet de vous connecter une fois.',
    recoveryCopy: 'Copier',
    recoveryCopied: 'Les codes ont été copiés.',
    recoveryDownload: 'Télécharger',
    recoveryFileName: 'codes-de-recuperation.txt',
    recoveryDone: 'Je les ai enregistrés',
    regenerate: 'Nouveaux codes de récupération',
    regenerated:
      'De nouveaux codes de récupération ont été créés; les anciens ne fonctionnent plus.',
    reauthHeading: 'Confirmez votre identité',
    reauthIntro: 'Entrez votre mot de passe ou un code de votre application d’authentification.',
    currentPassword: 'Mot de passe actuel',
    currentCode: 'Ou un code de votre application',
    reauthRequired: 'Veuillez entrer votre mot de passe ou un code valide pour confirmer.',
    reauthFailed: 'Ce mot de passe ou ce code est incorrect.',
    codeAlsoRequired:
      'Entrez aussi un code de votre application d’authentification (ou un code de récupération).',
    nameInvalid: 'Veuillez entrer un nom de 1 à {max} caractères.',
    setupGone: 'Cette configuration a expiré. Veuillez recommencer.',
    setupCodeFailed:
      'Ce code ne correspond pas. Vérifiez l’application et l’heure de votre téléphone.',
    tooManyFactors:
      'Un compte peut avoir au plus {max} applications d’authentification et clés d’accès.',
    notFound:
      'Cette application d’authentification ou cette clé d’accès n’existe pas ou a déjà été retirée.',
    noFactor:
      'Les codes de récupération nécessitent d’abord une application d’authentification ou une clé d’accès.',
  },
  passkeys: {
    heading: 'Clés d’accès',
    intro:
      'Une clé d’accès vous connecte avec votre téléphone, votre ordinateur ou une clé de sécurité (empreinte digitale, visage ou NIP) au lieu d’un code, et ne peut pas être hameçonnée.',
    add: 'Ajouter une clé d’accès',
    defaultName: 'Clé d’accès',
    nameLabel: 'Nom de la clé d’accès',
    create: 'Créer la clé d’accès',
    added: 'La clé d’accès a été ajoutée.',
    kindApp: 'Application d’authentification',
    kindPasskey: 'Clé d’accès',
    signInIntro:
      'Aucun mot de passe requis : utilisez la clé d’accès enregistrée sur cet appareil ou sur votre téléphone.',
    confirmWithPasskey: 'Confirmer avec ma clé d’accès au lieu d’un code',
    unsupported: 'Ce navigateur ne peut pas utiliser les clés d’accès.',
    credentialInvalid: 'La réponse de la clé d’accès n’est pas valide. Veuillez réessayer.',
    ceremonyGone: 'Cette demande de clé d’accès a expiré. Veuillez réessayer.',
    unknown: 'Cette clé d’accès n’est pas reconnue ici. Connectez-vous avec votre mot de passe.',
    verificationRequired:
      'La clé d’accès doit vérifier votre identité (empreinte digitale, visage ou NIP). Veuillez réessayer.',
    alreadyAdded: 'Cette clé d’accès est déjà associée à votre compte.',
  },
  securityNotice: {
    subject: 'Un changement de sécurité a été apporté à votre compte',
    intro: 'Un changement de sécurité a été apporté à votre compte {site} :',
    kinds: {
      factor_added:
        'Une application d’authentification ou une clé d’accès a été ajoutée à votre connexion.',
      factor_removed:
        'Une application d’authentification ou une clé d’accès a été retirée de votre connexion.',
      recovery_code_used: 'Un code de récupération a été utilisé pour vous connecter.',
      recovery_codes_regenerated:
        'De nouveaux codes de récupération ont été créés; les anciens ne fonctionnent plus.',
      new_device: 'Une connexion à votre compte a été faite à partir d’un nouvel appareil.',
      factors_reset: 'Un opérateur a désactivé votre connexion en deux étapes à votre demande.',
      password_changed: 'Votre mot de passe a été modifié.',
      email_changed: 'L’adresse courriel de votre compte a été modifiée.',
      account_deleted: 'Votre compte a été supprimé.',
    },
    detail: 'Détails : {detail}',
    notYou:
      'Si ce n’était pas vous, réinitialisez votre mot de passe dès maintenant et vérifiez la page de votre compte, ou communiquez avec nous.',
  },
  device: {
    on: '{browser} sur {system}',
    unknown: 'Appareil inconnu',
  },
} satisfies TranslationOf<typeof en>;
