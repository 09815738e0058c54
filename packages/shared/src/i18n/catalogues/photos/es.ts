import type { TranslationOf } from '../../catalogue.js';
import type en from './en.js';

export default {
  formatNames: '{names} o {last}',
  notAnImage: 'Este archivo no es una foto que aceptemos. Use una foto en formato {formats}.',
  tooLarge: 'Esta foto pesa más de {megabytes} MB.',
  tooManyPixels: 'Esta foto tiene más de {megapixels} megapíxeles. Use una más pequeña.',
  uploadLimits:
    '{formats}, hasta {megabytes} MB y {megapixels} megapíxeles cada una; como máximo {max} fotos por anuncio.',
  corrupt: 'No se pudo leer esta foto: el archivo está dañado o incompleto.',
  tooMany: 'Un anuncio puede tener como máximo {max} fotos.',
  noFiles: 'Elija al menos una foto.',
  notFound: 'Esta foto no existe.',
  uploadHint: 'Haga clic en “Actualizar fotos” para terminar de subir sus fotos.',
  verificationBadge: 'Foto de verificación',
  verificationOnlyVerified: 'Solo un anuncio verificado tiene foto de verificación.',
  verificationSlot: {
    heading: 'Foto de verificación',
    neverPublic: 'Nunca se muestra en su anuncio: solo la ven nuestros moderadores.',
    intro: 'Tómese una foto sosteniendo una hoja de papel en la que haya escrito a mano:',
    siteName: 'el nombre del sitio',
    date: 'la fecha de hoy',
    code: 'este código, creado para su anuncio',
    why: 'El código se crea solo para este anuncio, así que no se puede usar una foto tomada para otro anuncio ni una más antigua.',
    empty: 'Todavía no hay foto de verificación.',
    choose: 'Elegir su foto de verificación',
    replace: 'Elegir otra foto de verificación',
    inputLabel: 'Agregar foto de verificación',
    previewAlt: 'Vista previa de su foto de verificación {fileName}',
    currentAlt: 'Su foto de verificación',
    waiting: 'Se envía con “Actualizar fotos”.',
    missing: 'Agregue su foto de verificación para terminar: un anuncio verificado la necesita.',
  },
  unknownSlot: 'Una foto va a las fotos públicas o como foto de verificación.',
  verificationOneFile: 'Envíe una sola foto como foto de verificación.',
  verificationSlotTaken:
    'Este anuncio ya tiene una foto de verificación. Elimínela primero o suba una nueva en su lugar.',
  verificationNotPrimary:
    'La foto de verificación nunca se muestra, así que no puede ser la foto principal.',
  uploadFailed: 'No se pudieron subir algunas fotos.',
  uploadUnavailable:
    'No se pudieron guardar sus fotos en este momento, así que no se agregó nada. Vuelva a intentarlo en unos minutos.',
  fileUnavailable:
    'Esta foto no se puede mostrar en este momento. Vuelva a intentarlo en unos minutos.',
  unreadableUpload: 'No se pudo leer la carga. Vuelva a intentarlo.',
  noPreview: 'Sin vista previa',
} satisfies TranslationOf<typeof en>;
