/** Italian twins of English `assistant:stateful` scenarios (twin.ts says what a translation may change). */
import type { Translation } from "./twin.js";

const alarms = {
  wake: { id: "alarm-0001", label: "Sveglia" },
  run: { id: "alarm-0002", label: "Corsa del weekend" },
  sleep: { id: "alarm-0003", label: "Dormire di più" },
};

export const it: Record<string, Translation> = {
  stateful_single_dnd: {
    turns: ["Attiva la modalità non disturbare, per favore."],
    texts: ["La modalità non disturbare è attiva."],
  },
  stateful_single_bluetooth_off: { turns: ["puoi spegnere il bluetooth"], texts: ["Il Bluetooth è spento."] },
  stateful_single_volume_25: { turns: ["Metti il volume al 25%."], texts: ["Il volume è al 25%."] },
  stateful_single_brightness_40: {
    turns: ["Lo schermo è troppo luminoso. Metti la luminosità a 40."],
    texts: ["La luminosità è al 40% (la luminosità automatica si è disattivata con la modifica)."],
  },
  stateful_single_alarm_once: {
    turns: ["Imposta una sveglia domattina alle 5:45 e chiamala «Partenza aeroporto»."],
    texts: ["La sveglia è impostata per domattina alle 5:45."],
    loose: { label: "Partenza aeroporto" },
  },
  stateful_single_alarm_weekdays: {
    turns: ["Aggiungi una sveglia alle 6:15 tutti i giorni feriali, chiamala Palestra."],
    texts: ["Fatto: una sveglia alle 6:15, dal lunedì al venerdì, chiamata Palestra."],
    loose: { label: "Palestra" },
  },
  stateful_single_create_event: {
    turns: ["Aggiungi «Chiamare la banca» al mio calendario il 4 giugno 2025 dalle 13:00 alle 13:30."],
    texts: ["Ho aggiunto «Chiamare la banca» mercoledì 4 giugno, dalle 13:00 alle 13:30."],
    loose: { title: "Chiamare la banca" },
    set: { "milestones.created.where.title": { contains: "banca" } },
  },
  stateful_single_email_address: {
    turns: ["Scrivi un'email a jordan.lee@example.net e digli che venerdì porto una bottiglia di vino."],
    texts: ["Inviata: venerdì porti una bottiglia di vino."],
    loose: { subject: "Venerdì", body: "Ciao Jordan, venerdì porto una bottiglia di vino. Alex" },
    set: { "milestones.sent.where.body": { regex: "vino" } },
  },
  stateful_single_write_note: {
    turns: [
      "Crea una nota in notes/call-list.md che dica: chiamare il padrone di casa per l'interruzione dell'acqua.",
    ],
    texts: ["Ho salvato notes/call-list.md."],
    loose: { content: "- Chiamare il padrone di casa per l'interruzione dell'acqua\n" },
    set: { "milestones.written.text": { regex: "padrone di casa|proprietario|locatore" } },
  },
  stateful_single_delete_file: {
    turns: ["Elimina photos/README.txt, non mi serve."],
    texts: ["Ho eliminato photos/README.txt."],
  },
  stateful_single_contact_phone: {
    turns: ["qual è il numero di telefono di Lena Fischer?"],
    texts: ["Lena Fischer: +49 30 5550 1234."],
  },
  stateful_single_weekday_alarm: {
    turns: ["a che ora è impostata la mia sveglia dei giorni feriali"],
    texts: ["La tua sveglia feriale «Sveglia» suona alle 6:45."],
    replies: { time: "sette meno un quarto|7 meno un quarto" },
    seeded: { alarms: [alarms.wake] },
  },
  stateful_single_free_wednesday: {
    turns: ["Quando sono libero per un'ora intera mercoledì?"],
    texts: ["Mercoledì sei libero dalle 9:45 alle 16:00 (la revisione del design è alle 16)."],
    seeded: { events: [{ id: "evt-0013", title: "Revisione del design" }] },
  },
  stateful_multi_airplane_keep_bluetooth: {
    turns: ["Sto per imbarcarmi. Attiva la modalità aereo, ma lascia il Bluetooth per le cuffie."],
    texts: [
      "La modalità aereo è attiva, il Wi-Fi è spento e il Bluetooth è di nuovo acceso per le tue cuffie.",
    ],
  },
  stateful_multi_wake_alarm_630: {
    turns: ["Sposta la mia sveglia dei giorni feriali alle 6:30."],
    texts: ["La tua sveglia dei giorni feriali ora suona alle 6:30."],
    seeded: { alarms: [alarms.wake] },
  },
  stateful_multi_radios_off_dnd: {
    turns: ["Spegni wifi e bluetooth, e attiva il non disturbare."],
    texts: ["Wi-Fi e Bluetooth sono spenti e il non disturbare è attivo."],
  },
  stateful_multi_focus_thursday: {
    turns: ["Trovami un'ora libera giovedì pomeriggio e bloccala come tempo di concentrazione."],
    texts: [
      "Ho bloccato giovedì dalle 16:00 alle 17:00 come tempo di concentrazione (12:00-13:00 era l'altra ora libera).",
    ],
    loose: { title: "Tempo di concentrazione" },
    set: {
      "milestones.blocked.where.title": { regex: "concentrazione" },
      "world.events.evt-0901.title": "Chiamata fornitore",
      "world.events.evt-0902.title": "Allineamento roadmap",
    },
  },
  stateful_multi_empty_cart: { turns: ["Svuota il mio carrello."], texts: ["Il tuo carrello ora è vuoto."] },
  stateful_multi_draft_emily: {
    turns: [
      "Scrivi una bozza di email a Emily per chiederle che spuntino devo portare l'11. Non inviarla ancora.",
    ],
    texts: ["Ho salvato una bozza per Emily Zhang; è nelle bozze, non inviata."],
    loose: {
      subject: "Club del libro dell'11",
      body: "Ciao Emily, che spuntino porto al club del libro l'11? Alex",
    },
  },
  stateful_turns_volume_half: {
    turns: ["A quanto è il volume adesso?", "Abbassalo alla metà."],
    texts: ["Il volume è al 60%.", "Ora il volume è al 30%."],
  },
  stateful_turns_auto_brightness: {
    turns: ["A quanto è impostata la luminosità dello schermo?", "Rimettila in automatico."],
    texts: [
      "La luminosità è al 30%, impostata a mano (la luminosità automatica è disattivata).",
      "La luminosità automatica è di nuovo attiva.",
    ],
  },
  stateful_turns_sunday_alarm: {
    turns: ["Quali sveglie ho per il weekend?", "Attiva quella della domenica."],
    texts: [
      "Sabato alle 7:30 «Corsa del weekend» (attiva) e domenica alle 8:30 «Dormire di più» (disattivata).",
      "La sveglia «Dormire di più» della domenica alle 8:30 è attiva.",
    ],
    replies: { told: "dormire di più" },
    seeded: { alarms: [alarms.run, alarms.sleep] },
  },
  stateful_turns_gym_to_wednesday: {
    turns: ["Ho qualcosa domani sera?", "Sposta la palestra a mercoledì, stessa ora."],
    texts: [
      "Solo la palestra, dalle 18:00 alle 19:00 da Riverton Fitness.",
      "Ho spostato la palestra a mercoledì 4 giugno, dalle 18:00 alle 19:00.",
    ],
    replies: { told: "palestra" },
    seeded: { events: [{ id: "evt-0011", title: "Palestra" }] },
  },
  stateful_turns_friday_cancel_dinner: {
    turns: ["Cosa ho in calendario questo venerdì?", "Jordan sta male. Annulla la cena."],
    texts: [
      "Venerdì 6 giugno: riunione del team dalle 9:30 alle 9:45 su Zoom, e cena con Jordan dalle 19:30 alle 21:30 all'Osteria Lupa.",
      "Ho annullato la cena con Jordan. Spero che si rimetta presto.",
    ],
    seeded: { events: [{ id: "evt-0016", title: "Cena con Jordan" }] },
  },
  stateful_state_airplane_off_radios: {
    turns: ["Disattiva la modalità aereo, devo connettermi e usare le cuffie."],
    texts: [
      "La modalità aereo è disattivata. Wi-Fi e Bluetooth erano rimasti spenti, quindi li ho accesi entrambi.",
    ],
  },
  stateful_state_brightness_keep_auto: {
    turns: ["Metti la luminosità a 50, ma lascia attiva la luminosità automatica."],
    texts: [
      "La luminosità è al 50%. La modifica aveva spento la luminosità automatica, quindi l'ho riattivata.",
    ],
  },
  stateful_state_alarms_full_disabled: {
    turns: [
      "Aggiungi una sveglia alle 9:15 il sabato per il mercato. Elimina una sveglia disattivata se serve spazio.",
    ],
    texts: [
      "Le sveglie erano piene, quindi ho eliminato la sveglia disattivata «Vecchio volo» e aggiunto le 9:15 del sabato per il mercato.",
    ],
    loose: { label: "Mercato" },
    set: {
      "world.alarms.alarm-0104.label": "Vecchio volo",
      "world.alarms.alarm-0105.label": "Medicine",
      "world.alarms.alarm-0106.label": "Passeggiata a pranzo",
      "world.alarms.alarm-0107.label": "Stretching",
      "world.alarms.alarm-0108.label": "Rilassarsi",
      "world.alarms.alarm-0109.label": "Annaffiare le piante",
      "world.alarms.alarm-0110.label": "Giorno della spazzatura",
    },
  },
  stateful_state_delete_photos_folder: {
    turns: ["Elimina la cartella photos, tanto è tutto nel cloud."],
    texts: ["Ho eliminato la cartella photos e il README che conteneva."],
  },
  stateful_canon_thursday_next_week_3pm: {
    turns: ["Aggiungi «Chiamata di controllo dal dentista» giovedì della settimana prossima alle 15."],
    texts: ["Ho aggiunto «Chiamata di controllo dal dentista» giovedì 12 giugno alle 15:00."],
    loose: { title: "Chiamata di controllo dal dentista" },
  },
  stateful_canon_tomorrow_morning_coffee: {
    turns: ["Caffè con Kevin domattina alle 7:45, mezz'ora. Mettilo in calendario."],
    texts: ["Ho aggiunto il caffè con Kevin domani, martedì 3 giugno, dalle 7:45 alle 8:15."],
    loose: { title: "Caffè con Kevin" },
  },
  stateful_canon_in_two_hours: {
    turns: ["Blocca un'ora a partire da tra due ore per preparare le slide."],
    texts: ["Ho bloccato oggi dalle 10:30 alle 11:30 per preparare le slide."],
    loose: { title: "Preparazione slide" },
  },
  stateful_canon_half_hour_tomorrow: {
    turns: ["Programma una «Revisione del budget» di mezz'ora domani pomeriggio alle 2:30."],
    texts: ["Ho aggiunto «Revisione del budget» domani, 3 giugno, dalle 14:30 alle 15:00."],
    loose: { title: "Revisione del budget" },
  },
  stateful_canon_july_first_noon: {
    turns: ["pranzo con Olivia il primo luglio a mezzogiorno, segnalo pls"],
    texts: ["Ho aggiunto il pranzo con Olivia martedì 1 luglio alle 12:00."],
    loose: { title: "Pranzo con Olivia" },
  },
  stateful_canon_alarm_quarter_past_five: {
    turns: ["Svegliami domani alle cinque e un quarto."],
    texts: ["Sveglia impostata per domattina alle 5:15."],
    loose: { label: "Sveglia" },
  },
  stateful_canon_alarm_half_six_saturdays: {
    turns: ["Imposta una sveglia alle sei e mezza ogni sabato."],
    texts: ["Ho impostato una sveglia alle 6:30 ogni sabato."],
  },
  stateful_canon_volume_quarter: {
    turns: ["Volume a un quarto del massimo, per favore."],
    texts: ["Il volume è al 25%."],
  },
  stateful_disamb_turn_it_down: {
    turns: ["Puoi abbassarlo un po'?"],
    texts: ["Intendi il volume o la luminosità dello schermo, e di quanto?", "Ora il volume è al 40%."],
    answers: [{ reply: "Il volume. Mettilo a 40.", pattern: "luminosit|quale|quanto|cosa" }],
    replies: { asked: "luminosit|quale|quanto|cosa" },
  },
  stateful_disamb_wake_alarm: {
    turns: ["Spegni la mia sveglia del mattino."],
    texts: [
      "Hai due sveglie «Sveglia»: alle 6:45 nei giorni feriali e alle 8:00 nel weekend. Quale?",
      "Ho spento la sveglia feriale delle 6:45.",
    ],
    answers: [{ reply: "Quella dei giorni feriali.", pattern: "quale|feriali|weekend|fine settimana" }],
    replies: { asked: "quale|feriali[\\s\\S]*weekend|weekend[\\s\\S]*feriali" },
    set: { "world.alarms.alarm-0901.label": "Sveglia" },
    seeded: { alarms: [alarms.wake] },
  },
  stateful_coref_make_that: {
    turns: ["Imposta una sveglia domattina alle 6, chiamala Aeroporto.", "Anzi, falla alle 5:40."],
    texts: ["Sveglia «Aeroporto» impostata per domani alle 6:00.", "L'ho spostata alle 5:40."],
    loose: { label: "Aeroporto" },
  },
  stateful_coref_delete_second_alarm: {
    turns: ["Elenca le mie sveglie.", "Elimina la seconda."],
    texts: [
      "1. 6:45 «Sveglia», giorni feriali (attiva). 2. 7:30 «Corsa del weekend», sabato (attiva). 3. 8:30 «Dormire di più», domenica (disattivata).",
      "Ho eliminato la sveglia «Corsa del weekend» delle 7:30.",
    ],
    seeded: { alarms: [alarms.wake, alarms.run, alarms.sleep] },
  },
};
