import type { TranslationOf } from '../../catalogue.js';
import type en from './en.js';

// The ethnicities agree with «origen» (the field's label): Asiático, Europeo.
export default {
  ethnicity: {
    asian: 'Asiático',
    abc_cbc_asian: 'Asiático nacido en EE. UU. o Canadá (ABC/CBC)',
    african_american: 'Afroamericano',
    caucasian: 'Blanco',
    european: 'Europeo',
    indian: 'De la India',
    latino_hispanic: 'Latino o hispano',
    middle_eastern: 'De Medio Oriente',
    mixed: 'Mixto',
    native: 'Indígena',
    other: 'Otro origen',
  },
  ethnicityEmpty: '- Elija un origen -',
  business: {
    independent: 'Acompañante independiente',
    agency: 'Agencia de acompañantes',
    massage: 'Masajes',
  },
  businessEmpty: 'Prefiero no decirlo',
  incalls: {
    no: 'No recibe',
    private: 'Residencia privada',
    upscale: 'Departamento de lujo',
    hotel: 'Hotel',
  },
  outcalls: {
    no: 'No va a domicilio',
    any: 'Hotel o residencia',
    hotel: 'Solo hoteles',
  },
  contacts: { call: 'Llamar', text: 'Mensaje', email: 'Correo' },
  reportReasons: {
    underage: 'La persona podría ser menor de edad',
    trafficking: 'Trata de personas o alguien obligado',
    scam: 'Estafa o fraude',
    not_the_person: 'No es la persona de las fotos',
    explicit: 'Contenido explícito',
    wrong_contact: 'Teléfono o correo equivocado',
    other: 'Otro motivo',
  },
  rates: {
    ratesLabel: 'Tarifas',
    hoursLabel: 'Horario',
    durationLabel: 'Duración',
    durations: {
      '30m': '30 minutos',
      '1h': '1 hora',
      '2h': '2 horas',
      '3h': '3 horas',
      overnight: 'Toda la noche',
    },
    places: { incall: 'Recibe', outcall: 'A domicilio' },
    days: {
      mon: 'Lunes',
      tue: 'Martes',
      wed: 'Miércoles',
      thu: 'Jueves',
      fri: 'Viernes',
      sat: 'Sábado',
      sun: 'Domingo',
    },
    dayKinds: { closed: 'Cerrado', appointment: 'Con cita previa', open: 'Abierto' },
    openHours: '{from} a {to}',
  },
  visits: {
    badge: 'De visita',
    scheduleHeading: 'De gira',
    stop: '{city}, {days}',
  },
} satisfies TranslationOf<typeof en>;
