/** Hindi twins of English `assistant:stateful` scenarios (twin.ts says what a translation may change). */
import type { Translation } from "./twin.js";

const alarms = {
  wake: { id: "alarm-0001", label: "जागना" },
  run: { id: "alarm-0002", label: "वीकेंड दौड़" },
  sleep: { id: "alarm-0003", label: "देर तक सोना" },
};

export const hi: Record<string, Translation> = {
  stateful_single_dnd: { turns: ["कृपया डू नॉट डिस्टर्ब चालू कर दो।"], texts: ["डू नॉट डिस्टर्ब चालू है।"] },
  stateful_single_bluetooth_off: { turns: ["ब्लूटूथ बंद कर दो"], texts: ["ब्लूटूथ बंद है।"] },
  stateful_single_volume_25: { turns: ["आवाज़ 25% पर कर दो।"], texts: ["आवाज़ 25% पर है।"] },
  stateful_single_brightness_40: {
    turns: ["स्क्रीन बहुत ज़्यादा चमक रही है। ब्राइटनेस 40 पर कर दो।"],
    texts: ["ब्राइटनेस 40% पर है (इसके साथ ऑटो-ब्राइटनेस बंद हो गई)।"],
  },
  stateful_single_alarm_once: {
    turns: ["कल सुबह 5:45 का अलार्म लगा दो और उसका नाम 'एयरपोर्ट जाना' रखो।"],
    texts: ["आपका अलार्म कल सुबह 5:45 के लिए लग गया है।"],
    loose: { label: "एयरपोर्ट जाना" },
  },
  stateful_single_alarm_weekdays: {
    turns: ["हर कामकाजी दिन सुबह 6:15 का अलार्म जोड़ दो, नाम जिम रखो।"],
    texts: ["हो गया: 6:15 का अलार्म, सोमवार से शुक्रवार, नाम जिम।"],
    loose: { label: "जिम" },
  },
  stateful_single_create_event: {
    turns: ["मेरे कैलेंडर में 4 जून 2025 को 13:00 से 13:30 तक 'बैंक को फ़ोन करना' जोड़ दो।"],
    texts: ["बुधवार, 4 जून को 13:00-13:30 'बैंक को फ़ोन करना' जोड़ दिया।"],
    loose: { title: "बैंक को फ़ोन करना" },
    set: { "milestones.created.where.title": { contains: "बैंक" } },
  },
  stateful_single_email_address: {
    turns: ["jordan.lee@example.net को ईमेल करके बता दो कि मैं शुक्रवार को वाइन की एक बोतल लाऊँगा।"],
    texts: ["भेज दिया: आप शुक्रवार को वाइन की एक बोतल लाएँगे।"],
    loose: { subject: "शुक्रवार", body: "नमस्ते Jordan, मैं शुक्रवार को वाइन की एक बोतल लाऊँगा। Alex" },
    set: { "milestones.sent.where.body": { regex: "वाइन|शराब" } },
  },
  stateful_single_write_note: {
    turns: ["notes/call-list.md में एक नोट बनाओ जिसमें लिखा हो: पानी बंद होने के बारे में मकान मालिक को फ़ोन करना।"],
    texts: ["notes/call-list.md सेव कर दिया।"],
    loose: { content: "- पानी बंद होने के बारे में मकान मालिक को फ़ोन करना\n" },
    set: { "milestones.written.text": { regex: "मकान मालिक|मकान-मालिक" } },
  },
  stateful_single_delete_file: {
    turns: ["photos/README.txt डिलीट कर दो, मुझे इसकी ज़रूरत नहीं है।"],
    texts: ["photos/README.txt डिलीट कर दिया।"],
  },
  stateful_single_contact_phone: {
    turns: ["लीना फ़िशर का फ़ोन नंबर क्या है?"],
    texts: ["लीना फ़िशर (Lena Fischer): +49 30 5550 1234।"],
  },
  stateful_single_weekday_alarm: {
    turns: ["मेरा कामकाजी दिनों वाला अलार्म कितने बजे का है"],
    texts: ["आपका कामकाजी दिनों का 'जागना' अलार्म 6:45 पर है।"],
    replies: { time: "पौने सात" },
    seeded: { alarms: [alarms.wake] },
  },
  stateful_single_free_wednesday: {
    turns: ["बुधवार को मेरे पास पूरा एक घंटा कब खाली है?"],
    texts: ["बुधवार को आप सुबह 9:45 से शाम 4:00 बजे तक खाली हैं (डिज़ाइन समीक्षा 4 बजे है)।"],
    seeded: { events: [{ id: "evt-0013", title: "डिज़ाइन समीक्षा" }] },
  },
  stateful_multi_airplane_keep_bluetooth: {
    turns: ["मैं बोर्ड कर रहा हूँ। एयरप्लेन मोड चालू करो, पर हेडफ़ोन के लिए ब्लूटूथ चालू रखना।"],
    texts: ["एयरप्लेन मोड चालू है, वाई-फ़ाई बंद है, और आपके हेडफ़ोन के लिए ब्लूटूथ फिर से चालू है।"],
  },
  stateful_multi_wake_alarm_630: {
    turns: ["मेरा कामकाजी दिनों वाला जागने का अलार्म 6:30 पर कर दो।"],
    texts: ["आपका कामकाजी दिनों का जागने का अलार्म अब 6:30 पर बजेगा।"],
    seeded: { alarms: [alarms.wake] },
  },
  stateful_multi_radios_off_dnd: {
    turns: ["वाईफ़ाई और ब्लूटूथ बंद करो, और डू नॉट डिस्टर्ब चालू कर दो।"],
    texts: ["वाई-फ़ाई और ब्लूटूथ बंद हैं और डू नॉट डिस्टर्ब चालू है।"],
  },
  stateful_multi_focus_thursday: {
    turns: ["गुरुवार दोपहर में मेरे लिए एक खाली घंटा ढूँढो और उसे फ़ोकस टाइम के रूप में ब्लॉक कर दो।"],
    texts: ["गुरुवार शाम 4:00-5:00 फ़ोकस टाइम के लिए ब्लॉक कर दिया (12:00-1:00 दूसरा खाली घंटा था)।"],
    loose: { title: "फ़ोकस टाइम" },
    set: {
      "milestones.blocked.where.title": { regex: "फ़ोकस|फोकस|एकाग्रता" },
      "world.events.evt-0901.title": "विक्रेता कॉल",
      "world.events.evt-0902.title": "रोडमैप बैठक",
    },
  },
  stateful_multi_empty_cart: { turns: ["मेरा कार्ट खाली कर दो।"], texts: ["आपका कार्ट अब खाली है।"] },
  stateful_multi_draft_emily: {
    turns: ["एमिली के लिए एक ईमेल ड्राफ़्ट करो, पूछो कि 11 तारीख़ को मैं कौन-सा स्नैक लाऊँ। अभी भेजना मत।"],
    texts: ["Emily Zhang के लिए ड्राफ़्ट सेव कर दिया; यह आपके ड्राफ़्ट में है, भेजा नहीं गया।"],
    loose: { subject: "11 तारीख़ का बुक क्लब", body: "नमस्ते एमिली, 11 तारीख़ के बुक क्लब में मैं कौन-सा स्नैक लाऊँ? Alex" },
  },
  stateful_turns_volume_half: {
    turns: ["अभी मेरी आवाज़ कितनी है?", "इसे आधा कर दो।"],
    texts: ["आपकी आवाज़ 60% पर है।", "आवाज़ अब 30% है।"],
  },
  stateful_turns_auto_brightness: {
    turns: ["मेरी स्क्रीन की ब्राइटनेस कितनी है?", "इसे वापस ऑटोमैटिक पर कर दो।"],
    texts: ["ब्राइटनेस 30% है, हाथ से सेट की गई (ऑटो-ब्राइटनेस बंद है)।", "ऑटो-ब्राइटनेस फिर से चालू है।"],
  },
  stateful_turns_sunday_alarm: {
    turns: ["वीकेंड के लिए मेरे कौन-कौन से अलार्म हैं?", "रविवार वाला चालू कर दो।"],
    texts: [
      "शनिवार 7:30 'वीकेंड दौड़' (चालू) और रविवार 8:30 'देर तक सोना' (बंद)।",
      "रविवार 8:30 का 'देर तक सोना' अलार्म चालू है।",
    ],
    replies: { told: "देर तक सोना|साढ़े आठ" },
    seeded: { alarms: [alarms.run, alarms.sleep] },
  },
  stateful_turns_gym_to_wednesday: {
    turns: ["क्या कल शाम मेरा कुछ है?", "जिम को बुधवार पर कर दो, उसी समय।"],
    texts: ["बस जिम, शाम 6:00-7:00, Riverton Fitness में।", "जिम को बुधवार, 4 जून, शाम 6:00-7:00 पर कर दिया।"],
    replies: { told: "जिम" },
    seeded: { events: [{ id: "evt-0011", title: "जिम" }] },
  },
  stateful_turns_friday_cancel_dinner: {
    turns: ["इस शुक्रवार मेरे कैलेंडर में क्या है?", "जॉर्डन बीमार है। डिनर रद्द कर दो।"],
    texts: [
      "शुक्रवार, 6 जून: Zoom पर 9:30-9:45 टीम स्टैंडअप, और Osteria Lupa में रात 7:30-9:30 जॉर्डन के साथ डिनर।",
      "जॉर्डन के साथ डिनर रद्द कर दिया। उम्मीद है वे जल्दी ठीक हो जाएँ।",
    ],
    replies: { listed: "जॉर्डन" },
    seeded: { events: [{ id: "evt-0016", title: "जॉर्डन के साथ डिनर" }] },
  },
  stateful_state_airplane_off_radios: {
    turns: ["एयरप्लेन मोड बंद करो, मुझे ऑनलाइन होना है और हेडफ़ोन इस्तेमाल करने हैं।"],
    texts: ["एयरप्लेन मोड बंद है। वाई-फ़ाई और ब्लूटूथ बंद ही रह गए थे, इसलिए मैंने दोनों चालू कर दिए।"],
  },
  stateful_state_brightness_keep_auto: {
    turns: ["ब्राइटनेस 50 पर करो, पर ऑटो-ब्राइटनेस चालू रहने दो।"],
    texts: ["ब्राइटनेस 50% है। इसे बदलने से ऑटो-ब्राइटनेस बंद हो गई थी, इसलिए मैंने उसे फिर से चालू कर दिया।"],
  },
  stateful_state_alarms_full_disabled: {
    turns: ["किसान बाज़ार के लिए हर शनिवार 9:15 का अलार्म जोड़ दो। जगह चाहिए तो कोई बंद अलार्म डिलीट कर देना।"],
    texts: [
      "अलार्म भरे हुए थे, इसलिए मैंने बंद पड़ा 'पुरानी फ़्लाइट' अलार्म डिलीट किया और किसान बाज़ार के लिए शनिवार 9:15 जोड़ दिया।",
    ],
    loose: { label: "किसान बाज़ार" },
    set: {
      "world.alarms.alarm-0104.label": "पुरानी फ़्लाइट",
      "world.alarms.alarm-0105.label": "दवाइयाँ",
      "world.alarms.alarm-0106.label": "दोपहर की सैर",
      "world.alarms.alarm-0107.label": "स्ट्रेचिंग",
      "world.alarms.alarm-0108.label": "आराम का समय",
      "world.alarms.alarm-0109.label": "पौधों को पानी",
      "world.alarms.alarm-0110.label": "कूड़े का दिन",
    },
  },
  stateful_state_delete_photos_folder: {
    turns: ["photos फ़ोल्डर डिलीट कर दो, उसमें जो भी है वह वैसे भी क्लाउड में है।"],
    texts: ["photos फ़ोल्डर और उसके अंदर की README डिलीट कर दी।"],
  },
  stateful_canon_thursday_next_week_3pm: {
    turns: ["अगले हफ़्ते गुरुवार को दोपहर 3 बजे 'डेंटिस्ट फ़ॉलो-अप कॉल' जोड़ दो।"],
    texts: ["गुरुवार, 12 जून को दोपहर 3:00 बजे 'डेंटिस्ट फ़ॉलो-अप कॉल' जोड़ दिया।"],
    loose: { title: "डेंटिस्ट फ़ॉलो-अप कॉल" },
  },
  stateful_canon_tomorrow_morning_coffee: {
    turns: ["कल सुबह 7:45 पर केविन के साथ कॉफ़ी, आधा घंटा। मेरे कैलेंडर में डाल दो।"],
    texts: ["कल, मंगलवार 3 जून, सुबह 7:45-8:15 केविन के साथ कॉफ़ी जोड़ दी।"],
    loose: { title: "केविन के साथ कॉफ़ी" },
  },
  stateful_canon_in_two_hours: {
    turns: ["अब से दो घंटे बाद शुरू होने वाला एक घंटा स्लाइड की तैयारी के लिए ब्लॉक कर दो।"],
    texts: ["आज सुबह 10:30-11:30 स्लाइड की तैयारी के लिए ब्लॉक कर दिया।"],
    loose: { title: "स्लाइड की तैयारी" },
  },
  stateful_canon_half_hour_tomorrow: {
    turns: ["कल दोपहर 2:30 बजे आधे घंटे की 'बजट समीक्षा' रख दो।"],
    texts: ["कल, 3 जून, दोपहर 2:30-3:00 'बजट समीक्षा' जोड़ दी।"],
    loose: { title: "बजट समीक्षा" },
  },
  stateful_canon_july_first_noon: {
    turns: ["1 जुलाई को दोपहर 12 बजे ओलिविया के साथ लंच, डाल दो प्लीज़"],
    texts: ["मंगलवार, 1 जुलाई को दोपहर 12:00 बजे ओलिविया के साथ लंच जोड़ दिया।"],
    loose: { title: "ओलिविया के साथ लंच" },
  },
  stateful_canon_alarm_quarter_past_five: {
    turns: ["मुझे कल सवा पाँच बजे जगा देना।"],
    texts: ["कल सुबह 5:15 का अलार्म लग गया।"],
    loose: { label: "जागना" },
  },
  stateful_canon_alarm_half_six_saturdays: {
    turns: ["हर शनिवार साढ़े छह बजे का अलार्म लगा दो।"],
    texts: ["हर शनिवार 6:30 का अलार्म लगा दिया।"],
  },
  stateful_canon_volume_quarter: {
    turns: ["आवाज़ अधिकतम की एक-चौथाई कर दो, प्लीज़।"],
    texts: ["आवाज़ 25% पर है।"],
  },
  stateful_disamb_turn_it_down: {
    turns: ["इसे थोड़ा कम कर सकते हो?"],
    texts: ["आपका मतलब आवाज़ से है या स्क्रीन की ब्राइटनेस से, और कितना कम?", "आवाज़ अब 40% पर है।"],
    answers: [{ reply: "आवाज़। इसे 40 कर दो।", pattern: "आवाज़|ब्राइटनेस|कौन|कितना|क्या" }],
    replies: { asked: "आवाज़|ब्राइटनेस|कौन|कितना|क्या" },
  },
  stateful_disamb_wake_alarm: {
    turns: ["मेरा जागने वाला अलार्म बंद कर दो।"],
    texts: [
      "आपके दो 'जागना' अलार्म हैं: कामकाजी दिनों में 6:45 और वीकेंड पर 8:00। कौन-सा बंद करूँ?",
      "कामकाजी दिनों का 6:45 वाला जागने का अलार्म बंद कर दिया।",
    ],
    answers: [{ reply: "कामकाजी दिनों वाला।", pattern: "कौन|कामकाजी|वीकेंड|सप्ताहांत" }],
    replies: { asked: "कौन|कामकाजी[\\s\\S]*वीकेंड|वीकेंड[\\s\\S]*कामकाजी" },
    set: { "world.alarms.alarm-0901.label": "जागना" },
    seeded: { alarms: [alarms.wake] },
  },
  stateful_coref_make_that: {
    turns: ["कल सुबह 6 बजे का अलार्म लगा दो, नाम एयरपोर्ट रखो।", "नहीं, उसे 5:40 कर दो।"],
    texts: ["'एयरपोर्ट' अलार्म कल 6:00 के लिए लग गया।", "उसे 5:40 कर दिया।"],
    loose: { label: "एयरपोर्ट" },
  },
  stateful_coref_delete_second_alarm: {
    turns: ["मेरे अलार्म दिखाओ।", "दूसरा वाला डिलीट कर दो।"],
    texts: [
      "1. 6:45 'जागना', कामकाजी दिन (चालू)। 2. 7:30 'वीकेंड दौड़', शनिवार (चालू)। 3. 8:30 'देर तक सोना', रविवार (बंद)।",
      "7:30 का 'वीकेंड दौड़' अलार्म डिलीट कर दिया।",
    ],
    seeded: { alarms: [alarms.wake, alarms.run, alarms.sleep] },
  },
};
