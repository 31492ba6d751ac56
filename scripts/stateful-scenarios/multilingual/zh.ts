/** Chinese (Simplified) twins of English `assistant:stateful` scenarios (twin.ts says what a translation may change). */
import type { Translation } from "./twin.js";

const alarms = {
  wake: { id: "alarm-0001", label: "起床" },
  run: { id: "alarm-0002", label: "周末跑步" },
  sleep: { id: "alarm-0003", label: "睡懒觉" },
};

export const zh: Record<string, Translation> = {
  stateful_single_dnd: { turns: ["请打开勿扰模式。"], texts: ["勿扰模式已打开。"] },
  stateful_single_bluetooth_off: { turns: ["帮我把蓝牙关了"], texts: ["蓝牙已关闭。"] },
  stateful_single_volume_25: { turns: ["把音量调到25%。"], texts: ["音量已调到25%。"] },
  stateful_single_brightness_40: {
    turns: ["屏幕太亮了。把亮度调到40。"],
    texts: ["亮度已调到40%（自动亮度也随之关闭了）。"],
  },
  stateful_single_alarm_once: {
    turns: ["定一个明天早上5:45的闹钟，标签写“去机场”。"],
    texts: ["闹钟已定在明天早上5:45。"],
    loose: { label: "去机场" },
  },
  stateful_single_alarm_weekdays: {
    turns: ["加一个每个工作日6:15的闹钟，叫“健身”。"],
    texts: ["好了：6:15的闹钟，周一到周五，标签是“健身”。"],
    loose: { label: "健身" },
  },
  stateful_single_create_event: {
    turns: ["在我的日历上添加“给银行打电话”，2025年6月4日13:00到13:30。"],
    texts: ["已添加“给银行打电话”，6月4日星期三13:00-13:30。"],
    loose: { title: "给银行打电话" },
    set: { "milestones.created.where.title": { contains: "银行" } },
  },
  stateful_single_email_address: {
    turns: ["给 jordan.lee@example.net 发封邮件，告诉对方我周五会带一瓶葡萄酒。"],
    texts: ["已发送：你周五会带一瓶葡萄酒。"],
    loose: { subject: "周五", body: "Jordan 你好，我周五会带一瓶葡萄酒。Alex" },
    set: { "milestones.sent.where.body": { regex: "葡萄酒|红酒|酒" } },
  },
  stateful_single_write_note: {
    turns: ["在 notes/call-list.md 建一条笔记，内容是：就停水的事给房东打电话。"],
    texts: ["已保存 notes/call-list.md。"],
    loose: { content: "- 就停水的事给房东打电话\n" },
    set: { "milestones.written.text": { regex: "房东" } },
  },
  stateful_single_delete_file: {
    turns: ["删掉 photos/README.txt，我用不着了。"],
    texts: ["已删除 photos/README.txt。"],
  },
  stateful_single_contact_phone: {
    turns: ["Lena Fischer 的电话号码是多少？"],
    texts: ["Lena Fischer：+49 30 5550 1234。"],
  },
  stateful_single_weekday_alarm: {
    turns: ["我工作日的闹钟定在几点"],
    texts: ["你工作日的“起床”闹钟在6:45。"],
    replies: { time: "6点45|六点四十五|六点三刻" },
    seeded: { alarms: [alarms.wake] },
  },
  stateful_single_free_wednesday: {
    turns: ["周三我什么时候有整整一个小时的空？"],
    texts: ["周三你从上午9:45到下午4:00都有空（设计评审在4点）。"],
    replies: { slot: "9点45|九点四十五|九点三刻" },
    seeded: { events: [{ id: "evt-0013", title: "设计评审" }] },
  },
  stateful_multi_airplane_keep_bluetooth: {
    turns: ["我要登机了。打开飞行模式，但蓝牙要留着连耳机。"],
    texts: ["飞行模式已打开，Wi-Fi 已关闭，蓝牙已重新打开，可以连耳机。"],
  },
  stateful_multi_wake_alarm_630: {
    turns: ["把我工作日的起床闹钟改到6:30。"],
    texts: ["你工作日的起床闹钟现在是6:30。"],
    seeded: { alarms: [alarms.wake] },
  },
  stateful_multi_radios_off_dnd: {
    turns: ["关掉 wifi 和蓝牙，再打开勿扰模式。"],
    texts: ["Wi-Fi 和蓝牙已关闭，勿扰模式已打开。"],
  },
  stateful_multi_focus_thursday: {
    turns: ["帮我在周四下午找一个空闲的小时，标记为专注时间。"],
    texts: ["已把周四下午4:00-5:00标记为专注时间（12:00-1:00是另一个空闲时段）。"],
    loose: { title: "专注时间" },
    set: {
      "milestones.blocked.where.title": { regex: "专注" },
      "world.events.evt-0901.title": "供应商电话会",
      "world.events.evt-0902.title": "路线图同步会",
    },
  },
  stateful_multi_empty_cart: { turns: ["清空我的购物车。"], texts: ["你的购物车已经清空了。"] },
  stateful_multi_draft_emily: {
    turns: ["给 Emily 起草一封邮件，问她11号我该带什么零食。先别发。"],
    texts: ["已为 Emily Zhang 保存草稿；在你的草稿箱里，还没发送。"],
    loose: { subject: "11号的读书会", body: "Emily 你好，11号的读书会我该带什么零食？Alex" },
  },
  stateful_turns_volume_half: {
    turns: ["我现在音量是多少？", "调到它的一半。"],
    texts: ["你的音量是60%。", "音量现在是30%。"],
  },
  stateful_turns_auto_brightness: {
    turns: ["我的屏幕亮度是多少？", "改回自动吧。"],
    texts: ["亮度是30%，是手动设置的（自动亮度已关闭）。", "自动亮度已重新打开。"],
  },
  stateful_turns_sunday_alarm: {
    turns: ["我周末有哪些闹钟？", "把周日那个打开。"],
    texts: ["周六7:30“周末跑步”（已开启），周日8:30“睡懒觉”（已关闭）。", "周日8:30的“睡懒觉”闹钟已打开。"],
    replies: { told: "睡懒觉|8点半|八点半" },
    seeded: { alarms: [alarms.run, alarms.sleep] },
  },
  stateful_turns_gym_to_wednesday: {
    turns: ["我明天晚上有安排吗？", "把健身挪到周三，时间不变。"],
    texts: ["只有健身，下午6:00-7:00，在 Riverton Fitness。", "已把健身挪到6月4日周三，下午6:00-7:00。"],
    replies: { told: "健身" },
    seeded: { events: [{ id: "evt-0011", title: "健身" }] },
  },
  stateful_turns_friday_cancel_dinner: {
    turns: ["这周五我的日历上有什么？", "Jordan 病了。把晚餐取消吧。"],
    texts: [
      "6月6日周五：9:30-9:45 在 Zoom 上开团队站会，晚上7:30-9:30 在 Osteria Lupa 和 Jordan 吃晚餐。",
      "已取消和 Jordan 的晚餐。希望他早日康复。",
    ],
    replies: { listed: "乔丹" },
    seeded: { events: [{ id: "evt-0016", title: "和 Jordan 吃晚餐" }] },
  },
  stateful_state_airplane_off_radios: {
    turns: ["关掉飞行模式，我要上网，还要用耳机。"],
    texts: ["飞行模式已关闭。Wi-Fi 和蓝牙还是关着的，我已经把它们都打开了。"],
  },
  stateful_state_brightness_keep_auto: {
    turns: ["把亮度调到50，但自动亮度保持开启。"],
    texts: ["亮度是50%。调亮度时自动亮度被关掉了，我又把它打开了。"],
  },
  stateful_state_alarms_full_disabled: {
    turns: ["加一个每周六9:15的闹钟，去农贸市场。如果没位置了，就删一个已关闭的闹钟。"],
    texts: ["闹钟已满，所以我删除了已关闭的“旧航班”闹钟，并添加了每周六9:15去农贸市场的闹钟。"],
    loose: { label: "农贸市场" },
    set: {
      "world.alarms.alarm-0104.label": "旧航班",
      "world.alarms.alarm-0105.label": "吃药",
      "world.alarms.alarm-0106.label": "午间散步",
      "world.alarms.alarm-0107.label": "拉伸",
      "world.alarms.alarm-0108.label": "放松",
      "world.alarms.alarm-0109.label": "浇花",
      "world.alarms.alarm-0110.label": "倒垃圾日",
    },
  },
  stateful_state_delete_photos_folder: {
    turns: ["删除 photos 文件夹，里面的东西反正都在云端了。"],
    texts: ["已删除 photos 文件夹和里面的 README。"],
  },
  stateful_canon_thursday_next_week_3pm: {
    turns: ["在下周四下午3点添加“牙医回访电话”。"],
    texts: ["已添加“牙医回访电话”，6月12日周四下午3:00。"],
    loose: { title: "牙医回访电话" },
  },
  stateful_canon_tomorrow_morning_coffee: {
    turns: ["明天早上7:45和 Kevin 喝咖啡，半小时。放进我的日历。"],
    texts: ["已添加明天（6月3日周二）早上7:45-8:15和 Kevin 喝咖啡。"],
    loose: { title: "和 Kevin 喝咖啡" },
  },
  stateful_canon_in_two_hours: {
    turns: ["从两小时后开始，给我留出一小时准备幻灯片。"],
    texts: ["已把今天上午10:30-11:30留出来准备幻灯片。"],
    loose: { title: "准备幻灯片" },
  },
  stateful_canon_half_hour_tomorrow: {
    turns: ["安排一个半小时的“预算审查”，明天下午2:30。"],
    texts: ["已添加“预算审查”，明天6月3日下午2:30-3:00。"],
    loose: { title: "预算审查" },
  },
  stateful_canon_july_first_noon: {
    turns: ["7月1号中午和 Olivia 吃午饭，帮我记上"],
    texts: ["已添加7月1日周二中午12:00和 Olivia 吃午饭。"],
    loose: { title: "和 Olivia 吃午饭" },
  },
  stateful_canon_alarm_quarter_past_five: {
    turns: ["明天五点一刻叫醒我。"],
    texts: ["闹钟已定在明天早上5:15。"],
    loose: { label: "起床" },
  },
  stateful_canon_alarm_half_six_saturdays: {
    turns: ["每周六六点半定个闹钟。"],
    texts: ["已定好每周六6:30的闹钟。"],
  },
  stateful_canon_volume_quarter: { turns: ["音量调到最大值的四分之一，谢谢。"], texts: ["音量已调到25%。"] },
  stateful_disamb_turn_it_down: {
    turns: ["能调低一点吗？"],
    texts: ["你是说音量还是屏幕亮度？要调低多少？", "音量现在是40%。"],
    answers: [{ reply: "音量。调到40。", pattern: "音量|亮度|哪个|多少|什么" }],
    replies: { asked: "音量|亮度|哪个|多少|什么" },
  },
  stateful_disamb_wake_alarm: {
    turns: ["关掉我的起床闹钟。"],
    texts: ["你有两个“起床”闹钟：工作日6:45和周末8:00。要关哪一个？", "已关闭工作日6:45的起床闹钟。"],
    answers: [{ reply: "工作日那个。", pattern: "哪个|哪一个|工作日|周末" }],
    replies: { asked: "哪个|哪一个|工作日[\\s\\S]*周末|周末[\\s\\S]*工作日" },
    set: { "world.alarms.alarm-0901.label": "起床" },
    seeded: { alarms: [alarms.wake] },
  },
  stateful_coref_make_that: {
    turns: ["定一个明天早上6点的闹钟，标签写“机场”。", "改成5:40吧。"],
    texts: ["“机场”闹钟已定在明天6:00。", "已改成5:40。"],
    loose: { label: "机场" },
  },
  stateful_coref_delete_second_alarm: {
    turns: ["列出我的闹钟。", "删掉第二个。"],
    texts: [
      "1. 6:45“起床”，工作日（已开启）。2. 7:30“周末跑步”，周六（已开启）。3. 8:30“睡懒觉”，周日（已关闭）。",
      "已删除7:30的“周末跑步”闹钟。",
    ],
    replies: { listed: "6点45|六点四十五" },
    seeded: { alarms: [alarms.wake, alarms.run, alarms.sleep] },
  },
};
