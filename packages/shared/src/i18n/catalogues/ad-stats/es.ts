import type { TranslationOf } from '../../catalogue.js';
import type en from './en.js';

export default {
  summary:
    'Últimos {cardDays} días: {views, plural, one {# vista} other {# vistas}}, {taps, plural, one {# toque} other {# toques}}',
  summaryLoading: 'Cargando estadísticas…',
  summaryFailed: 'Las estadísticas no están disponibles en este momento.',
  open: 'Estadísticas',
  title: 'Estadísticas: {adTitle}',
  rangeLabel: 'Período',
  range: '{days} días',
  close: 'Cerrar',
  showTable: 'Mostrar como tabla',
  hideTable: 'Ocultar la tabla',
  chartCaption:
    'Vistas, apariciones en las listas de ciudades y toques en los contactos por día, últimos {days} días',
  totals: 'Totales',
  columns: {
    date: 'Fecha',
    appearances: 'Listas',
    views: 'Vistas',
    call: 'Llamadas',
    text: 'Mensajes',
    email: 'Correos',
  },
  legend: {
    appearances: 'Apariciones en las páginas de ciudades',
    views: 'Vistas de la página del anuncio',
    taps: 'Toques en los contactos',
    call: 'Toques en Llamar',
    text: 'Toques en Mensaje',
    email: 'Toques en Correo',
  },
  note: 'Cada visitante cuenta una vez al día. Los motores de búsqueda y las vistas previas de enlaces no se cuentan.',
} satisfies TranslationOf<typeof en>;
