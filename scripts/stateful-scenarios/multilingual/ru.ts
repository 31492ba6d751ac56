/** Russian twins of English `assistant:stateful` scenarios (twin.ts says what a translation may change). */
import type { Translation } from "./twin.js";

const alarms = {
  wake: { id: "alarm-0001", label: "Подъём" },
  run: { id: "alarm-0002", label: "Пробежка по выходным" },
  sleep: { id: "alarm-0003", label: "Поспать подольше" },
};

export const ru: Record<string, Translation> = {
  stateful_single_dnd: {
    turns: ["Включи, пожалуйста, режим «Не беспокоить»."],
    texts: ["Режим «Не беспокоить» включён."],
  },
  stateful_single_bluetooth_off: { turns: ["выключи блютуз"], texts: ["Bluetooth выключен."] },
  stateful_single_volume_25: { turns: ["Поставь громкость на 25%."], texts: ["Громкость — 25%."] },
  stateful_single_brightness_40: {
    turns: ["Экран слишком яркий. Поставь яркость на 40."],
    texts: ["Яркость — 40% (автояркость при этом отключилась)."],
  },
  stateful_single_alarm_once: {
    turns: ["Поставь будильник на 5:45 завтра утром и назови его «В аэропорт»."],
    texts: ["Будильник поставлен на 5:45 завтра утром."],
    loose: { label: "В аэропорт" },
  },
  stateful_single_alarm_weekdays: {
    turns: ["Добавь будильник на 6:15 по будням, назови его «Спортзал»."],
    texts: ["Готово: будильник на 6:15 с понедельника по пятницу, «Спортзал»."],
    loose: { label: "Спортзал" },
  },
  stateful_single_create_event: {
    turns: ["Добавь в календарь «Позвонить в банк» 4 июня 2025 года с 13:00 до 13:30."],
    texts: ["Добавил «Позвонить в банк» на среду, 4 июня, 13:00–13:30."],
    loose: { title: "Позвонить в банк" },
    set: { "milestones.created.where.title": { contains: "банк" } },
  },
  stateful_single_email_address: {
    turns: ["Напиши на jordan.lee@example.net, что в пятницу я принесу бутылку вина."],
    texts: ["Отправлено: в пятницу ты принесёшь бутылку вина."],
    loose: { subject: "Пятница", body: "Привет, Jordan! В пятницу я принесу бутылку вина. Alex" },
    set: { "milestones.sent.where.body": { regex: "вин" } },
  },
  stateful_single_write_note: {
    turns: ["Создай заметку notes/call-list.md с текстом: позвонить арендодателю насчёт отключения воды."],
    texts: ["Сохранил notes/call-list.md."],
    loose: { content: "- Позвонить арендодателю насчёт отключения воды\n" },
    set: { "milestones.written.text": { regex: "арендодател|хозя" } },
  },
  stateful_single_delete_file: {
    turns: ["Удали photos/README.txt, он мне не нужен."],
    texts: ["Удалил photos/README.txt."],
  },
  stateful_single_contact_phone: {
    turns: ["какой номер телефона у Лены Фишер?"],
    texts: ["Лена Фишер (Lena Fischer): +49 30 5550 1234."],
  },
  stateful_single_weekday_alarm: {
    turns: ["на сколько у меня стоит будильник по будням"],
    texts: ["Твой будильник по будням «Подъём» стоит на 6:45."],
    replies: { time: "без четверти семь|без пятнадцати семь" },
    seeded: { alarms: [alarms.wake] },
  },
  stateful_single_free_wednesday: {
    turns: ["Когда в среду у меня есть целый свободный час?"],
    texts: ["В среду ты свободен с 9:45 до 16:00 (в 16:00 разбор дизайна)."],
    seeded: { events: [{ id: "evt-0013", title: "Разбор дизайна" }] },
  },
  stateful_multi_airplane_keep_bluetooth: {
    turns: ["Я на посадке. Включи авиарежим, но оставь Bluetooth для наушников."],
    texts: ["Авиарежим включён, Wi-Fi выключен, а Bluetooth снова включён для твоих наушников."],
  },
  stateful_multi_wake_alarm_630: {
    turns: ["Перенеси мой будильник на подъём по будням на 6:30."],
    texts: ["Твой будильник по будням теперь звонит в 6:30."],
    seeded: { alarms: [alarms.wake] },
  },
  stateful_multi_radios_off_dnd: {
    turns: ["Выключи вайфай и блютуз и включи «Не беспокоить»."],
    texts: ["Wi-Fi и Bluetooth выключены, режим «Не беспокоить» включён."],
  },
  stateful_multi_focus_thursday: {
    turns: ["Найди мне свободный час в четверг после обеда и забронируй его как время для фокуса."],
    texts: [
      "Забронировал четверг 16:00–17:00 как время для фокуса (12:00–13:00 был другим свободным часом).",
    ],
    loose: { title: "Время для фокуса" },
    set: {
      "milestones.blocked.where.title": { regex: "фокус|концентрац" },
      "world.events.evt-0901.title": "Звонок с поставщиком",
      "world.events.evt-0902.title": "Синхронизация по роадмапу",
    },
  },
  stateful_multi_empty_cart: { turns: ["Очисти мою корзину."], texts: ["Твоя корзина теперь пуста."] },
  stateful_multi_draft_emily: {
    turns: ["Составь черновик письма Эмили: спроси, какую закуску мне принести 11-го. Пока не отправляй."],
    texts: ["Сохранил черновик для Emily Zhang; он в черновиках, не отправлен."],
    loose: {
      subject: "Книжный клуб 11-го",
      body: "Привет, Эмили! Какую закуску мне принести в книжный клуб 11-го? Alex",
    },
  },
  stateful_turns_volume_half: {
    turns: ["Какая у меня сейчас громкость?", "Убавь её вдвое."],
    texts: ["Громкость — 60%.", "Теперь громкость 30%."],
  },
  stateful_turns_auto_brightness: {
    turns: ["Какая у меня яркость экрана?", "Верни её на автоматический режим."],
    texts: ["Яркость — 30%, выставлена вручную (автояркость выключена).", "Автояркость снова включена."],
  },
  stateful_turns_sunday_alarm: {
    turns: ["Какие у меня будильники на выходные?", "Включи воскресный."],
    texts: [
      "Суббота, 7:30 «Пробежка по выходным» (включён) и воскресенье, 8:30 «Поспать подольше» (выключен).",
      "Воскресный будильник «Поспать подольше» на 8:30 включён.",
    ],
    replies: { told: "поспать подольше" },
    seeded: { alarms: [alarms.run, alarms.sleep] },
  },
  stateful_turns_gym_to_wednesday: {
    turns: ["У меня есть что-нибудь завтра вечером?", "Перенеси спортзал на среду, на то же время."],
    texts: [
      "Только спортзал, 18:00–19:00 в Riverton Fitness.",
      "Перенёс спортзал на среду, 4 июня, 18:00–19:00.",
    ],
    replies: { told: "спортзал|тренировк" },
    seeded: { events: [{ id: "evt-0011", title: "Спортзал" }] },
  },
  stateful_turns_friday_cancel_dinner: {
    turns: ["Что у меня в календаре в эту пятницу?", "Джордан заболел. Отмени ужин."],
    texts: [
      "Пятница, 6 июня: планёрка команды 9:30–9:45 в Zoom и ужин с Джорданом 19:30–21:30 в Osteria Lupa.",
      "Отменил ужин с Джорданом. Надеюсь, он скоро поправится.",
    ],
    replies: { listed: "Джордан" },
    seeded: { events: [{ id: "evt-0016", title: "Ужин с Джорданом" }] },
  },
  stateful_state_airplane_off_radios: {
    turns: ["Выключи авиарежим, мне нужно в интернет и наушники."],
    texts: ["Авиарежим выключен. Wi-Fi и Bluetooth оставались выключенными, поэтому я включил оба."],
  },
  stateful_state_brightness_keep_auto: {
    turns: ["Поставь яркость на 50, но оставь автояркость включённой."],
    texts: ["Яркость — 50%. Из-за этого автояркость выключилась, поэтому я снова её включил."],
  },
  stateful_state_alarms_full_disabled: {
    turns: [
      "Добавь будильник на 9:15 по субботам для фермерского рынка. Если нет места, удали выключенный будильник.",
    ],
    texts: [
      "Будильники были заполнены, поэтому я удалил выключенный будильник «Старый рейс» и добавил 9:15 по субботам для фермерского рынка.",
    ],
    loose: { label: "Фермерский рынок" },
    set: {
      "world.alarms.alarm-0104.label": "Старый рейс",
      "world.alarms.alarm-0105.label": "Лекарства",
      "world.alarms.alarm-0106.label": "Прогулка в обед",
      "world.alarms.alarm-0107.label": "Растяжка",
      "world.alarms.alarm-0108.label": "Отдых перед сном",
      "world.alarms.alarm-0109.label": "Полить цветы",
      "world.alarms.alarm-0110.label": "Вынести мусор",
    },
  },
  stateful_state_delete_photos_folder: {
    turns: ["Удали папку photos, всё из неё и так лежит в облаке."],
    texts: ["Удалил папку photos и README в ней."],
  },
  stateful_canon_thursday_next_week_3pm: {
    turns: ["Добавь «Контрольный звонок стоматологу» в четверг на следующей неделе в 15:00."],
    texts: ["Добавил «Контрольный звонок стоматологу» на четверг, 12 июня, 15:00."],
    loose: { title: "Контрольный звонок стоматологу" },
  },
  stateful_canon_tomorrow_morning_coffee: {
    turns: ["Кофе с Кевином завтра утром в 7:45, полчаса. Занеси в календарь."],
    texts: ["Добавил кофе с Кевином завтра, во вторник, 3 июня, 7:45–8:15."],
    loose: { title: "Кофе с Кевином" },
  },
  stateful_canon_in_two_hours: {
    turns: ["Забронируй час, начиная через два часа, на подготовку слайдов."],
    texts: ["Забронировал сегодня 10:30–11:30 на подготовку слайдов."],
    loose: { title: "Подготовка слайдов" },
  },
  stateful_canon_half_hour_tomorrow: {
    turns: ["Запланируй «Обзор бюджета» на полчаса завтра в 14:30."],
    texts: ["Добавил «Обзор бюджета» завтра, 3 июня, 14:30–15:00."],
    loose: { title: "Обзор бюджета" },
  },
  stateful_canon_july_first_noon: {
    turns: ["обед с Оливией 1 июля в полдень, занеси плз"],
    texts: ["Добавил обед с Оливией во вторник, 1 июля, в 12:00."],
    loose: { title: "Обед с Оливией" },
  },
  stateful_canon_alarm_quarter_past_five: {
    turns: ["Разбуди меня завтра в четверть шестого."],
    texts: ["Будильник поставлен на 5:15 завтра утром."],
    loose: { label: "Подъём" },
  },
  stateful_canon_alarm_half_six_saturdays: {
    turns: ["Поставь будильник на половину седьмого каждую субботу."],
    texts: ["Поставил будильник на 6:30 каждую субботу."],
  },
  stateful_canon_volume_quarter: {
    turns: ["Громкость на четверть от максимума, пожалуйста."],
    texts: ["Громкость — 25%."],
  },
  stateful_disamb_turn_it_down: {
    turns: ["Можешь немного убавить?"],
    texts: ["Ты про громкость или про яркость экрана, и насколько убавить?", "Громкость теперь 40%."],
    answers: [{ reply: "Громкость. Сделай 40.", pattern: "громкост|яркост|какой|какую|насколько|что" }],
    replies: { asked: "громкост|яркост|какой|какую|насколько|что" },
  },
  stateful_disamb_wake_alarm: {
    turns: ["Выключи мой будильник на подъём."],
    texts: [
      "У тебя два будильника «Подъём»: в 6:45 по будням и в 8:00 по выходным. Какой из них?",
      "Выключил будильник на 6:45 по будням.",
    ],
    answers: [{ reply: "Тот, что по будням.", pattern: "какой|который|будням|выходным" }],
    replies: { asked: "какой|который|будн[\\s\\S]*выходн|выходн[\\s\\S]*будн" },
    set: { "world.alarms.alarm-0901.label": "Подъём" },
    seeded: { alarms: [alarms.wake] },
  },
  stateful_coref_make_that: {
    turns: ["Поставь будильник на 6 утра завтра, назови его «Аэропорт».", "Лучше сделай на 5:40."],
    texts: ["Будильник «Аэропорт» поставлен на 6:00 завтра.", "Перенёс его на 5:40."],
    loose: { label: "Аэропорт" },
  },
  stateful_coref_delete_second_alarm: {
    turns: ["Покажи мои будильники.", "Удали второй."],
    texts: [
      "1. 6:45 «Подъём», по будням (включён). 2. 7:30 «Пробежка по выходным», по субботам (включён). 3. 8:30 «Поспать подольше», по воскресеньям (выключен).",
      "Удалил будильник «Пробежка по выходным» на 7:30.",
    ],
    seeded: { alarms: [alarms.wake, alarms.run, alarms.sleep] },
  },
};
