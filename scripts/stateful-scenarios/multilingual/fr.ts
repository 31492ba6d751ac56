/** French twins of English `assistant:stateful` scenarios (twin.ts says what a translation may change). */
import type { Translation } from "./twin.js";

const alarms = {
  wake: { id: "alarm-0001", label: "Réveil" },
  run: { id: "alarm-0002", label: "Course du week-end" },
  sleep: { id: "alarm-0003", label: "Grasse matinée" },
};

export const fr: Record<string, Translation> = {
  stateful_single_dnd: {
    turns: ["Active le mode ne pas déranger, s'il te plaît."],
    texts: ["Le mode ne pas déranger est activé."],
  },
  stateful_single_bluetooth_off: {
    turns: ["tu peux couper le bluetooth"],
    texts: ["Le Bluetooth est désactivé."],
  },
  stateful_single_volume_25: { turns: ["Mets le volume à 25 %."], texts: ["Le volume est à 25 %."] },
  stateful_single_brightness_40: {
    turns: ["L'écran est beaucoup trop lumineux. Mets la luminosité à 40."],
    texts: ["La luminosité est à 40 % (la luminosité automatique a été désactivée en même temps)."],
  },
  stateful_single_alarm_once: {
    turns: ["Mets une alarme demain matin à 5 h 45 et appelle-la « Départ aéroport »."],
    texts: ["Ton alarme est réglée pour demain matin à 5 h 45."],
    loose: { label: "Départ aéroport" },
  },
  stateful_single_alarm_weekdays: {
    turns: ["Ajoute une alarme à 6 h 15 tous les jours de semaine, nomme-la Sport."],
    texts: ["C'est fait : une alarme à 6 h 15, du lundi au vendredi, nommée Sport."],
    loose: { label: "Sport" },
  },
  stateful_single_create_event: {
    turns: ["Ajoute « Appeler la banque » à mon agenda le 4 juin 2025 de 13 h 00 à 13 h 30."],
    texts: ["J'ai ajouté « Appeler la banque » le mercredi 4 juin, de 13 h 00 à 13 h 30."],
    loose: { title: "Appeler la banque" },
    set: { "milestones.created.where.title": { contains: "banque" } },
  },
  stateful_single_email_address: {
    turns: [
      "Envoie un e-mail à jordan.lee@example.net pour dire que j'apporterai une bouteille de vin vendredi.",
    ],
    texts: ["C'est envoyé : tu apporteras une bouteille de vin vendredi."],
    loose: { subject: "Vendredi", body: "Salut Jordan, j'apporterai une bouteille de vin vendredi. Alex" },
    set: { "milestones.sent.where.body": { regex: "vin" } },
  },
  stateful_single_write_note: {
    turns: [
      "Crée une note notes/call-list.md qui dit : appeler le propriétaire au sujet de la coupure d'eau.",
    ],
    texts: ["J'ai enregistré notes/call-list.md."],
    loose: { content: "- Appeler le propriétaire au sujet de la coupure d'eau\n" },
    set: { "milestones.written.text": { regex: "propriétaire|proprio|bailleur" } },
  },
  stateful_single_delete_file: {
    turns: ["Supprime photos/README.txt, je n'en ai pas besoin."],
    texts: ["J'ai supprimé photos/README.txt."],
  },
  stateful_single_contact_phone: {
    turns: ["c'est quoi le numéro de téléphone de Lena Fischer ?"],
    texts: ["Lena Fischer : +49 30 5550 1234."],
  },
  stateful_single_weekday_alarm: {
    turns: ["mon alarme de semaine est réglée à quelle heure"],
    texts: ["Ton alarme de semaine « Réveil » sonne à 6 h 45."],
    replies: { time: "6 ?h ?45|7 ?h moins le quart" },
    seeded: { alarms: [alarms.wake] },
  },
  stateful_single_free_wednesday: {
    turns: ["Quand est-ce que je suis libre une heure entière mercredi ?"],
    texts: ["Mercredi, tu es libre de 9 h 45 à 16 h 00 (la revue de design est à 16 h)."],
    replies: { slot: "9 ?h ?45" },
    seeded: { events: [{ id: "evt-0013", title: "Revue de design" }] },
  },
  stateful_multi_airplane_keep_bluetooth: {
    turns: ["J'embarque. Active le mode avion, mais garde le Bluetooth pour mon casque."],
    texts: ["Le mode avion est activé, le Wi-Fi est coupé et le Bluetooth est réactivé pour ton casque."],
  },
  stateful_multi_wake_alarm_630: {
    turns: ["Décale mon réveil de semaine à 6 h 30."],
    texts: ["Ton réveil de semaine sonne maintenant à 6 h 30."],
    seeded: { alarms: [alarms.wake] },
  },
  stateful_multi_radios_off_dnd: {
    turns: ["Coupe le wifi et le bluetooth, et active le mode ne pas déranger."],
    texts: ["Le Wi-Fi et le Bluetooth sont coupés et le mode ne pas déranger est activé."],
  },
  stateful_multi_focus_thursday: {
    turns: ["Trouve-moi une heure libre jeudi après-midi et bloque-la comme temps de concentration."],
    texts: [
      "J'ai bloqué jeudi de 16 h 00 à 17 h 00 comme temps de concentration (12 h 00-13 h 00 était l'autre heure libre).",
    ],
    loose: { title: "Temps de concentration" },
    set: {
      "milestones.blocked.where.title": { regex: "concentration" },
      "world.events.evt-0901.title": "Appel fournisseur",
      "world.events.evt-0902.title": "Point feuille de route",
    },
  },
  stateful_multi_empty_cart: { turns: ["Vide mon panier."], texts: ["Ton panier est vide maintenant."] },
  stateful_multi_draft_emily: {
    turns: [
      "Prépare un brouillon d'e-mail pour Emily pour lui demander quel en-cas apporter le 11. Ne l'envoie pas encore.",
    ],
    texts: ["J'ai enregistré un brouillon pour Emily Zhang ; il est dans tes brouillons, pas envoyé."],
    loose: {
      subject: "Club de lecture du 11",
      body: "Salut Emily, quel en-cas dois-je apporter au club de lecture le 11 ? Alex",
    },
  },
  stateful_turns_volume_half: {
    turns: ["Le volume est à combien en ce moment ?", "Baisse-le de moitié."],
    texts: ["Ton volume est à 60 %.", "Le volume est maintenant à 30 %."],
  },
  stateful_turns_auto_brightness: {
    turns: ["Ma luminosité d'écran est réglée sur combien ?", "Remets-la en automatique."],
    texts: [
      "La luminosité est à 30 %, réglée à la main (la luminosité automatique est désactivée).",
      "La luminosité automatique est de nouveau activée.",
    ],
  },
  stateful_turns_sunday_alarm: {
    turns: ["Quelles alarmes j'ai pour le week-end ?", "Active celle du dimanche."],
    texts: [
      "Samedi 7 h 30 « Course du week-end » (activée) et dimanche 8 h 30 « Grasse matinée » (désactivée).",
      "L'alarme « Grasse matinée » du dimanche à 8 h 30 est activée.",
    ],
    replies: { told: "8 ?h ?30|grasse matinée" },
    seeded: { alarms: [alarms.run, alarms.sleep] },
  },
  stateful_turns_gym_to_wednesday: {
    turns: ["J'ai quelque chose demain soir ?", "Déplace la salle de sport à mercredi, même heure."],
    texts: [
      "Juste la salle de sport, de 18 h 00 à 19 h 00 chez Riverton Fitness.",
      "J'ai déplacé la salle de sport au mercredi 4 juin, de 18 h 00 à 19 h 00.",
    ],
    replies: { told: "salle de sport|sport" },
    seeded: { events: [{ id: "evt-0011", title: "Salle de sport" }] },
  },
  stateful_turns_friday_cancel_dinner: {
    turns: ["Qu'est-ce que j'ai dans mon agenda ce vendredi ?", "Jordan est malade. Annule le dîner."],
    texts: [
      "Vendredi 6 juin : point d'équipe de 9 h 30 à 9 h 45 sur Zoom, et dîner avec Jordan de 19 h 30 à 21 h 30 à l'Osteria Lupa.",
      "J'ai annulé le dîner avec Jordan. J'espère qu'il ira vite mieux.",
    ],
    seeded: { events: [{ id: "evt-0016", title: "Dîner avec Jordan" }] },
  },
  stateful_state_airplane_off_radios: {
    turns: ["Désactive le mode avion, j'ai besoin d'Internet et de mon casque."],
    texts: [
      "Le mode avion est désactivé. Le Wi-Fi et le Bluetooth étaient restés coupés, je les ai donc réactivés.",
    ],
  },
  stateful_state_brightness_keep_auto: {
    turns: ["Mets la luminosité à 50, mais laisse la luminosité automatique activée."],
    texts: [
      "La luminosité est à 50 %. Ce réglage avait coupé la luminosité automatique, je l'ai donc réactivée.",
    ],
  },
  stateful_state_alarms_full_disabled: {
    turns: [
      "Ajoute une alarme à 9 h 15 le samedi pour le marché. Supprime une alarme désactivée s'il faut de la place.",
    ],
    texts: [
      "Les alarmes étaient pleines : j'ai supprimé l'alarme désactivée « Ancien vol » et ajouté 9 h 15 le samedi pour le marché.",
    ],
    loose: { label: "Marché" },
    set: {
      "world.alarms.alarm-0104.label": "Ancien vol",
      "world.alarms.alarm-0105.label": "Médicaments",
      "world.alarms.alarm-0106.label": "Marche du midi",
      "world.alarms.alarm-0107.label": "Étirements",
      "world.alarms.alarm-0108.label": "Se détendre",
      "world.alarms.alarm-0109.label": "Arroser les plantes",
      "world.alarms.alarm-0110.label": "Poubelles",
    },
  },
  stateful_state_delete_photos_folder: {
    turns: ["Supprime le dossier photos, tout ce qu'il contient est de toute façon dans le cloud."],
    texts: ["J'ai supprimé le dossier photos et le README qu'il contenait."],
  },
  stateful_canon_thursday_next_week_3pm: {
    turns: ["Ajoute « Rappel du dentiste » jeudi de la semaine prochaine à 15 h."],
    texts: ["J'ai ajouté « Rappel du dentiste » le jeudi 12 juin à 15 h 00."],
    loose: { title: "Rappel du dentiste" },
  },
  stateful_canon_tomorrow_morning_coffee: {
    turns: ["Café avec Kevin demain matin à 7 h 45, une demi-heure. Mets-le dans mon agenda."],
    texts: ["J'ai ajouté le café avec Kevin demain, mardi 3 juin, de 7 h 45 à 8 h 15."],
    loose: { title: "Café avec Kevin" },
  },
  stateful_canon_in_two_hours: {
    turns: ["Bloque une heure dans deux heures pour préparer les diapos."],
    texts: ["J'ai bloqué 10 h 30-11 h 30 aujourd'hui pour préparer les diapos."],
    loose: { title: "Préparation des diapos" },
  },
  stateful_canon_half_hour_tomorrow: {
    turns: ["Planifie une « Revue du budget » d'une demi-heure demain à 14 h 30."],
    texts: ["J'ai ajouté « Revue du budget » demain, 3 juin, de 14 h 30 à 15 h 00."],
    loose: { title: "Revue du budget" },
  },
  stateful_canon_july_first_noon: {
    turns: ["déj avec Olivia le 1er juillet à midi, tu le mets stp"],
    texts: ["J'ai ajouté le déjeuner avec Olivia le mardi 1er juillet à 12 h 00."],
    loose: { title: "Déjeuner avec Olivia" },
  },
  stateful_canon_alarm_quarter_past_five: {
    turns: ["Réveille-moi demain à cinq heures et quart."],
    texts: ["Alarme réglée pour demain matin à 5 h 15."],
    loose: { label: "Réveil" },
  },
  stateful_canon_alarm_half_six_saturdays: {
    turns: ["Mets une alarme à six heures et demie tous les samedis."],
    texts: ["J'ai mis une alarme à 6 h 30 tous les samedis."],
  },
  stateful_canon_volume_quarter: {
    turns: ["Le volume au quart du maximum, s'il te plaît."],
    texts: ["Le volume est à 25 %."],
  },
  stateful_disamb_turn_it_down: {
    turns: ["Tu peux baisser un peu ?"],
    texts: [
      "Tu parles du volume ou de la luminosité de l'écran, et de combien ?",
      "Le volume est à 40 % maintenant.",
    ],
    answers: [{ reply: "Le volume. Mets-le à 40.", pattern: "luminosit|lequel|laquelle|quel|combien" }],
    replies: { asked: "luminosit|lequel|laquelle|quel|combien" },
  },
  stateful_disamb_wake_alarm: {
    turns: ["Désactive mon alarme de réveil."],
    texts: [
      "Tu as deux alarmes « Réveil » : 6 h 45 en semaine et 8 h 00 le week-end. Laquelle ?",
      "J'ai désactivé le réveil de semaine de 6 h 45.",
    ],
    answers: [
      { reply: "Celle de la semaine.", pattern: "laquelle|lequel|semaine|week-end|6 ?h ?45|8 ?h ?00" },
    ],
    replies: {
      asked: "laquelle|lequel|semaine[\\s\\S]*week-end|week-end[\\s\\S]*semaine|6 ?h ?45[\\s\\S]*8 ?h ?00",
    },
    set: { "world.alarms.alarm-0901.label": "Réveil" },
    seeded: { alarms: [alarms.wake] },
  },
  stateful_coref_make_that: {
    turns: ["Mets une alarme demain matin à 6 h, nomme-la Aéroport.", "Finalement, mets plutôt 5 h 40."],
    texts: ["Alarme « Aéroport » réglée pour demain à 6 h 00.", "Je l'ai changée pour 5 h 40."],
    loose: { label: "Aéroport" },
  },
  stateful_coref_delete_second_alarm: {
    turns: ["Liste mes alarmes.", "Supprime la deuxième."],
    texts: [
      "1. 6 h 45 « Réveil », en semaine (activée). 2. 7 h 30 « Course du week-end », le samedi (activée). 3. 8 h 30 « Grasse matinée », le dimanche (désactivée).",
      "J'ai supprimé l'alarme « Course du week-end » de 7 h 30.",
    ],
    replies: { listed: "6 ?h ?45" },
    seeded: { alarms: [alarms.wake, alarms.run, alarms.sleep] },
  },
};
