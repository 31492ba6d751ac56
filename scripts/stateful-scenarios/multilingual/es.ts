/** Spanish twins of English `assistant:stateful` scenarios (twin.ts says what a translation may change). */
import type { Translation } from "./twin.js";

const alarms = {
  wake: { id: "alarm-0001", label: "Despertar" },
  run: { id: "alarm-0002", label: "Carrera del finde" },
  sleep: { id: "alarm-0003", label: "Dormir hasta tarde" },
};

export const es: Record<string, Translation> = {
  stateful_single_dnd: {
    turns: ["Activa el modo no molestar, por favor."],
    texts: ["El modo no molestar está activado."],
  },
  stateful_single_bluetooth_off: {
    turns: ["puedes apagar el bluetooth"],
    texts: ["El Bluetooth está apagado."],
  },
  stateful_single_volume_25: { turns: ["Pon el volumen al 25 %."], texts: ["El volumen está al 25 %."] },
  stateful_single_brightness_40: {
    turns: ["La pantalla brilla demasiado. Pon el brillo en 40."],
    texts: ["El brillo está al 40 % (el brillo automático se desactivó con el cambio)."],
  },
  stateful_single_alarm_once: {
    turns: ["Pon una alarma mañana a las 5:45 de la mañana y llámala «Ir al aeropuerto»."],
    texts: ["Tu alarma está puesta para mañana a las 5:45 de la mañana."],
    loose: { label: "Ir al aeropuerto" },
  },
  stateful_single_alarm_weekdays: {
    turns: ["Añade una alarma a las 6:15 todos los días laborables, llámala Gimnasio."],
    texts: ["Hecho: una alarma a las 6:15, de lunes a viernes, llamada Gimnasio."],
    loose: { label: "Gimnasio" },
  },
  stateful_single_create_event: {
    turns: ["Añade «Llamar al banco» a mi calendario el 4 de junio de 2025 de 13:00 a 13:30."],
    texts: ["Añadí «Llamar al banco» el miércoles 4 de junio, de 13:00 a 13:30."],
    loose: { title: "Llamar al banco" },
    set: { "milestones.created.where.title": { contains: "banco" } },
  },
  stateful_single_email_address: {
    turns: ["Escribe un correo a jordan.lee@example.net y dile que llevaré una botella de vino el viernes."],
    texts: ["Enviado: llevarás una botella de vino el viernes."],
    loose: { subject: "Viernes", body: "Hola Jordan, llevaré una botella de vino el viernes. Alex" },
    set: { "milestones.sent.where.body": { regex: "vino" } },
  },
  stateful_single_write_note: {
    turns: ["Crea una nota en notes/call-list.md que diga: llamar al casero por el corte de agua."],
    texts: ["Guardé notes/call-list.md."],
    loose: { content: "- Llamar al casero por el corte de agua\n" },
    set: { "milestones.written.text": { regex: "casero|arrendador|propietario" } },
  },
  stateful_single_delete_file: {
    turns: ["Borra photos/README.txt, no lo necesito."],
    texts: ["Borré photos/README.txt."],
  },
  stateful_single_contact_phone: {
    turns: ["¿cuál es el número de teléfono de Lena Fischer?"],
    texts: ["Lena Fischer: +49 30 5550 1234."],
  },
  stateful_single_weekday_alarm: {
    turns: ["a qué hora está puesta mi alarma de entre semana"],
    texts: ["Tu alarma de entre semana «Despertar» suena a las 6:45."],
    replies: { time: "7 menos cuarto|siete menos cuarto" },
    seeded: { alarms: [alarms.wake] },
  },
  stateful_single_free_wednesday: {
    turns: ["¿Cuándo tengo una hora entera libre el miércoles?"],
    texts: ["El miércoles estás libre de 9:45 a 16:00 (la revisión de diseño es a las 16:00)."],
    seeded: { events: [{ id: "evt-0013", title: "Revisión de diseño" }] },
  },
  stateful_multi_airplane_keep_bluetooth: {
    turns: ["Estoy embarcando. Pon el modo avión, pero deja el Bluetooth para mis auriculares."],
    texts: [
      "El modo avión está activado, el Wi-Fi apagado y el Bluetooth encendido otra vez para tus auriculares.",
    ],
  },
  stateful_multi_wake_alarm_630: {
    turns: ["Cambia mi alarma de despertar de entre semana a las 6:30."],
    texts: ["Tu alarma de despertar de entre semana ahora suena a las 6:30."],
    seeded: { alarms: [alarms.wake] },
  },
  stateful_multi_radios_off_dnd: {
    turns: ["Apaga el wifi y el bluetooth, y activa el modo no molestar."],
    texts: ["El Wi-Fi y el Bluetooth están apagados y el modo no molestar está activado."],
  },
  stateful_multi_focus_thursday: {
    turns: ["Búscame una hora libre el jueves por la tarde y resérvala como tiempo de concentración."],
    texts: [
      "Reservé el jueves de 16:00 a 17:00 como tiempo de concentración (de 12:00 a 13:00 era la otra hora libre).",
    ],
    loose: { title: "Tiempo de concentración" },
    set: {
      "milestones.blocked.where.title": { regex: "concentraci" },
      "world.events.evt-0901.title": "Llamada con proveedor",
      "world.events.evt-0902.title": "Revisión de la hoja de ruta",
    },
  },
  stateful_multi_empty_cart: { turns: ["Vacía mi carrito."], texts: ["Tu carrito ya está vacío."] },
  stateful_multi_draft_emily: {
    turns: [
      "Redacta un correo para Emily preguntando qué picoteo debo llevar el día 11. No lo envíes todavía.",
    ],
    texts: ["Guardé un borrador para Emily Zhang; está en tus borradores, sin enviar."],
    loose: {
      subject: "Club de lectura del 11",
      body: "Hola Emily, ¿qué picoteo llevo al club de lectura el día 11? Alex",
    },
  },
  stateful_turns_volume_half: {
    turns: ["¿A cuánto está mi volumen ahora mismo?", "Bájalo a la mitad de eso."],
    texts: ["Tu volumen está al 60 %.", "El volumen ahora está al 30 %."],
  },
  stateful_turns_auto_brightness: {
    turns: ["¿En cuánto está el brillo de la pantalla?", "Vuelve a ponerlo en automático."],
    texts: [
      "El brillo está al 30 %, ajustado a mano (el brillo automático está desactivado).",
      "El brillo automático vuelve a estar activado.",
    ],
  },
  stateful_turns_sunday_alarm: {
    turns: ["¿Qué alarmas tengo para el fin de semana?", "Activa la del domingo."],
    texts: [
      "Sábado 7:30 «Carrera del finde» (activada) y domingo 8:30 «Dormir hasta tarde» (desactivada).",
      "La alarma «Dormir hasta tarde» del domingo a las 8:30 está activada.",
    ],
    replies: { told: "dormir hasta tarde" },
    seeded: { alarms: [alarms.run, alarms.sleep] },
  },
  stateful_turns_gym_to_wednesday: {
    turns: ["¿Tengo algo mañana por la tarde-noche?", "Pasa el gimnasio al miércoles, a la misma hora."],
    texts: [
      "Solo el gimnasio, de 18:00 a 19:00 en Riverton Fitness.",
      "Pasé el gimnasio al miércoles 4 de junio, de 18:00 a 19:00.",
    ],
    replies: { told: "gimnasio|gimn" },
    seeded: { events: [{ id: "evt-0011", title: "Gimnasio" }] },
  },
  stateful_turns_friday_cancel_dinner: {
    turns: ["¿Qué tengo en el calendario este viernes?", "Jordan está enfermo. Cancela la cena."],
    texts: [
      "Viernes 6 de junio: reunión del equipo de 9:30 a 9:45 por Zoom, y cena con Jordan de 19:30 a 21:30 en Osteria Lupa.",
      "Cancelé la cena con Jordan. Ojalá se mejore pronto.",
    ],
    seeded: { events: [{ id: "evt-0016", title: "Cena con Jordan" }] },
  },
  stateful_state_airplane_off_radios: {
    turns: ["Quita el modo avión, necesito conectarme y usar mis auriculares."],
    texts: [
      "El modo avión está desactivado. El Wi-Fi y el Bluetooth seguían apagados, así que encendí los dos.",
    ],
  },
  stateful_state_brightness_keep_auto: {
    turns: ["Pon el brillo en 50, pero deja el brillo automático activado."],
    texts: [
      "El brillo está al 50 %. Al cambiarlo se desactivó el brillo automático, así que lo volví a activar.",
    ],
  },
  stateful_state_alarms_full_disabled: {
    turns: [
      "Añade una alarma a las 9:15 los sábados para el mercado. Borra una alarma desactivada si hace falta espacio.",
    ],
    texts: [
      "Las alarmas estaban llenas, así que borré la alarma desactivada «Vuelo antiguo» y añadí las 9:15 los sábados para el mercado.",
    ],
    loose: { label: "Mercado" },
    set: {
      "world.alarms.alarm-0104.label": "Vuelo antiguo",
      "world.alarms.alarm-0105.label": "Medicinas",
      "world.alarms.alarm-0106.label": "Paseo de mediodía",
      "world.alarms.alarm-0107.label": "Estiramientos",
      "world.alarms.alarm-0108.label": "Relajarse",
      "world.alarms.alarm-0109.label": "Regar las plantas",
      "world.alarms.alarm-0110.label": "Día de la basura",
    },
  },
  stateful_state_delete_photos_folder: {
    turns: ["Borra la carpeta photos, todo lo que hay dentro ya está en la nube."],
    texts: ["Borré la carpeta photos y el README que tenía dentro."],
  },
  stateful_canon_thursday_next_week_3pm: {
    turns: [
      "Añade «Llamada de seguimiento del dentista» el jueves de la semana que viene a las 3 de la tarde.",
    ],
    texts: ["Añadí «Llamada de seguimiento del dentista» el jueves 12 de junio a las 15:00."],
    loose: { title: "Llamada de seguimiento del dentista" },
  },
  stateful_canon_tomorrow_morning_coffee: {
    turns: ["Café con Kevin mañana por la mañana a las 7:45, media hora. Ponlo en mi calendario."],
    texts: ["Añadí el café con Kevin mañana, martes 3 de junio, de 7:45 a 8:15."],
    loose: { title: "Café con Kevin" },
  },
  stateful_canon_in_two_hours: {
    turns: ["Resérvame una hora empezando dentro de dos horas para preparar las diapositivas."],
    texts: ["Reservé de 10:30 a 11:30 hoy para preparar las diapositivas."],
    loose: { title: "Preparar diapositivas" },
  },
  stateful_canon_half_hour_tomorrow: {
    turns: ["Programa una «Revisión del presupuesto» de media hora mañana a las 2:30 de la tarde."],
    texts: ["Añadí «Revisión del presupuesto» mañana, 3 de junio, de 14:30 a 15:00."],
    loose: { title: "Revisión del presupuesto" },
  },
  stateful_canon_july_first_noon: {
    turns: ["comida con Olivia el 1 de julio a mediodía, apúntalo porfa"],
    texts: ["Añadí la comida con Olivia el martes 1 de julio a las 12:00."],
    loose: { title: "Comida con Olivia" },
  },
  stateful_canon_alarm_quarter_past_five: {
    turns: ["Despiértame mañana a las cinco y cuarto."],
    texts: ["Alarma puesta para mañana a las 5:15."],
    loose: { label: "Despertar" },
  },
  stateful_canon_alarm_half_six_saturdays: {
    turns: ["Pon una alarma a las seis y media todos los sábados."],
    texts: ["Puse una alarma a las 6:30 todos los sábados."],
  },
  stateful_canon_volume_quarter: {
    turns: ["El volumen a un cuarto del máximo, por favor."],
    texts: ["El volumen está al 25 %."],
  },
  stateful_disamb_turn_it_down: {
    turns: ["¿Puedes bajarlo un poco?"],
    texts: [
      "¿Te refieres al volumen o al brillo de la pantalla, y cuánto lo bajo?",
      "El volumen está al 40 % ahora.",
    ],
    answers: [{ reply: "El volumen. Ponlo en 40.", pattern: "brillo|cuál|cual|qué|cuánto" }],
    replies: { asked: "brillo|cuál|cual|qué|cuánto" },
  },
  stateful_disamb_wake_alarm: {
    turns: ["Apaga mi alarma de despertar."],
    texts: [
      "Tienes dos alarmas «Despertar»: a las 6:45 entre semana y a las 8:00 el fin de semana. ¿Cuál?",
      "Apagué la alarma de despertar de las 6:45 de entre semana.",
    ],
    answers: [{ reply: "La de entre semana.", pattern: "cuál|cual|entre semana|fin de semana" }],
    replies: { asked: "cuál|cual|entre semana[\\s\\S]*fin de semana|fin de semana[\\s\\S]*entre semana" },
    set: { "world.alarms.alarm-0901.label": "Despertar" },
    seeded: { alarms: [alarms.wake] },
  },
  stateful_coref_make_that: {
    turns: ["Pon una alarma mañana a las 6 de la mañana, llámala Aeropuerto.", "Mejor que sea a las 5:40."],
    texts: ["Alarma «Aeropuerto» puesta para mañana a las 6:00.", "La cambié a las 5:40."],
    loose: { label: "Aeropuerto" },
  },
  stateful_coref_delete_second_alarm: {
    turns: ["Enumera mis alarmas.", "Borra la segunda."],
    texts: [
      "1. 6:45 «Despertar», entre semana (activada). 2. 7:30 «Carrera del finde», los sábados (activada). 3. 8:30 «Dormir hasta tarde», los domingos (desactivada).",
      "Borré la alarma «Carrera del finde» de las 7:30.",
    ],
    seeded: { alarms: [alarms.wake, alarms.run, alarms.sleep] },
  },
};
