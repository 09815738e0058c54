import type { TranslationOf } from '../../catalogue.js';
import type en from './en.js';

export default {
  formatNames: '{names} ou {last}',
  notAnImage:
    'Ce fichier n’est pas une photo que nous acceptons. Veuillez utiliser une photo {formats}.',
  tooLarge: 'Cette photo dépasse {megabytes} Mo.',
  tooManyPixels:
    'Cette photo compte plus de {megapixels} mégapixels. Veuillez en utiliser une plus petite.',
  uploadLimits:
    '{formats}, jusqu’à {megabytes} Mo et {megapixels} mégapixels chacune; au plus {max} photos par annonce.',
  corrupt: 'Cette photo n’a pas pu être lue : le fichier est endommagé ou incomplet.',
  tooMany: 'Une annonce peut avoir au plus {max} photos.',
  noFiles: 'Veuillez choisir au moins une photo.',
  notFound: 'Cette photo n’existe pas.',
  uploadHint:
    'Cliquez sur « Mettre à jour les photos » pour terminer le téléversement de vos photos.',
  verificationBadge: 'Photo de vérification',
  verificationOnlyVerified: 'Seule une annonce vérifiée a une photo de vérification.',
  verificationSlot: {
    heading: 'Photo de vérification',
    neverPublic: 'Jamais affichée dans votre annonce : seuls nos modérateurs la voient.',
    intro:
      'Prenez une photo de vous tenant une feuille de papier sur laquelle vous avez écrit à la main :',
    siteName: 'le nom du site',
    date: 'la date du jour',
    code: 'ce code, créé pour votre annonce',
    why: 'Le code est créé pour cette annonce seulement : une photo prise pour une autre annonce ou une photo plus ancienne ne peut donc pas être utilisée.',
    empty: 'Aucune photo de vérification pour le moment.',
    choose: 'Choisir votre photo de vérification',
    replace: 'Choisir une autre photo de vérification',
    inputLabel: 'Ajouter la photo de vérification',
    previewAlt: 'Aperçu de votre photo de vérification {fileName}',
    currentAlt: 'Votre photo de vérification',
    waiting: 'Elle sera envoyée avec « Mettre à jour les photos ».',
    missing: 'Ajoutez votre photo de vérification pour terminer : une annonce vérifiée l’exige.',
  },
  unknownSlot: 'Une photo va soit dans les photos publiques, soit comme photo de vérification.',
  verificationOneFile: 'Veuillez envoyer une seule photo comme photo de vérification.',
  verificationSlotTaken:
    'Cette annonce a déjà une photo de vérification. Supprimez-la d’abord, ou téléversez-en une nouvelle pour la remplacer.',
  verificationNotPrimary:
    'La photo de vérification n’est jamais affichée : elle ne peut donc pas être la photo principale.',
  uploadFailed: 'Certaines photos n’ont pas pu être téléversées.',
  uploadUnavailable:
    'Vos photos n’ont pas pu être enregistrées pour le moment, donc rien n’a été ajouté. Veuillez réessayer dans quelques minutes.',
  fileUnavailable:
    'Cette photo ne peut pas être affichée pour le moment. Veuillez réessayer dans quelques minutes.',
  unreadableUpload: 'Le téléversement n’a pas pu être lu. Veuillez réessayer.',
  noPreview: 'Aucun aperçu',
} satisfies TranslationOf<typeof en>;
