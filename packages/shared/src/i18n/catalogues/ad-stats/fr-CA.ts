import type { TranslationOf } from '../../catalogue.js';
import type en from './en.js';

export default {
  summary:
    '{cardDays} derniers jours : {views, plural, one {# vue} other {# vues}}, {taps, plural, one {# clic} other {# clics}}',
  summaryLoading: 'Chargement des statistiques…',
  summaryFailed: 'Les statistiques ne sont pas disponibles pour le moment.',
  open: 'Statistiques',
  title: 'Statistiques : {adTitle}',
  rangeLabel: 'Période',
  range: '{days} jours',
  close: 'Fermer',
  showTable: 'Afficher sous forme de tableau',
  hideTable: 'Masquer le tableau',
  chartCaption:
    'Vues, apparitions dans les listes des villes et clics sur les contacts par jour, {days} derniers jours',
  totals: 'Totaux',
  columns: {
    date: 'Date',
    appearances: 'Listes',
    views: 'Vues',
    call: 'Appels',
    text: 'Textos',
    email: 'Courriels',
  },
  legend: {
    appearances: 'Apparitions sur les pages des villes',
    views: 'Vues de la page de l’annonce',
    taps: 'Clics sur les contacts',
    call: 'Clics Appeler',
    text: 'Clics Texto',
    email: 'Clics Courriel',
  },
  note: 'Chaque visiteur compte une fois par jour. Les moteurs de recherche et les aperçus de liens ne sont pas comptés.',
} satisfies TranslationOf<typeof en>;
