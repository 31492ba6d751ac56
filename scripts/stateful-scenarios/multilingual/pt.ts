/** Portuguese twins of English `assistant:stateful` scenarios (twin.ts says what a translation may change). */
import type { Translation } from "./twin.js";

const alarms = {
  wake: { id: "alarm-0001", label: "Acordar" },
  run: { id: "alarm-0002", label: "Corrida de fim de semana" },
  sleep: { id: "alarm-0003", label: "Dormir mais" },
};

export const pt: Record<string, Translation> = {
  stateful_single_dnd: {
    turns: ["Ativa o modo não incomodar, por favor."],
    texts: ["O modo não incomodar está ativado."],
  },
  stateful_single_bluetooth_off: {
    turns: ["podes desligar o bluetooth"],
    texts: ["O Bluetooth está desligado."],
  },
  stateful_single_volume_25: { turns: ["Põe o volume a 25%."], texts: ["O volume está a 25%."] },
  stateful_single_brightness_40: {
    turns: ["O ecrã está demasiado brilhante. Põe o brilho a 40."],
    texts: ["O brilho está a 40% (o brilho automático foi desligado com a alteração)."],
  },
  stateful_single_alarm_once: {
    turns: ["Põe um alarme para amanhã às 5:45 da manhã com o nome «Ida ao aeroporto»."],
    texts: ["O teu alarme está marcado para amanhã às 5:45 da manhã."],
    loose: { label: "Ida ao aeroporto" },
  },
  stateful_single_alarm_weekdays: {
    turns: ["Adiciona um alarme às 6:15 todos os dias úteis, chama-lhe Ginásio."],
    texts: ["Feito: um alarme às 6:15, de segunda a sexta, chamado Ginásio."],
    loose: { label: "Ginásio" },
  },
  stateful_single_create_event: {
    turns: ["Adiciona «Ligar ao banco» ao meu calendário a 4 de junho de 2025, das 13:00 às 13:30."],
    texts: ["Adicionei «Ligar ao banco» na quarta-feira, 4 de junho, das 13:00 às 13:30."],
    loose: { title: "Ligar ao banco" },
    set: { "milestones.created.where.title": { contains: "banco" } },
  },
  stateful_single_email_address: {
    turns: ["Manda um email para jordan.lee@example.net a dizer que levo uma garrafa de vinho na sexta."],
    texts: ["Enviado: vais levar uma garrafa de vinho na sexta."],
    loose: { subject: "Sexta-feira", body: "Olá Jordan, levo uma garrafa de vinho na sexta. Alex" },
    set: { "milestones.sent.where.body": { regex: "vinho" } },
  },
  stateful_single_write_note: {
    turns: ["Cria uma nota em notes/call-list.md que diga: ligar ao senhorio por causa do corte de água."],
    texts: ["Guardei notes/call-list.md."],
    loose: { content: "- Ligar ao senhorio por causa do corte de água\n" },
    set: { "milestones.written.text": { regex: "senhorio|proprietário|locador" } },
  },
  stateful_single_delete_file: {
    turns: ["Apaga photos/README.txt, não preciso dele."],
    texts: ["Apaguei photos/README.txt."],
  },
  stateful_single_contact_phone: {
    turns: ["qual é o número de telefone da Lena Fischer?"],
    texts: ["Lena Fischer: +49 30 5550 1234."],
  },
  stateful_single_weekday_alarm: {
    turns: ["a que horas está o meu alarme dos dias úteis"],
    texts: ["O teu alarme dos dias úteis «Acordar» toca às 6:45."],
    replies: { time: "um quarto para as sete|quinze para as sete" },
    seeded: { alarms: [alarms.wake] },
  },
  stateful_single_free_wednesday: {
    turns: ["Quando é que tenho uma hora inteira livre na quarta-feira?"],
    texts: ["Na quarta-feira estás livre das 9:45 às 16:00 (a revisão de design é às 16:00)."],
    seeded: { events: [{ id: "evt-0013", title: "Revisão de design" }] },
  },
  stateful_multi_airplane_keep_bluetooth: {
    turns: ["Vou embarcar. Liga o modo de avião, mas mantém o Bluetooth para os meus auscultadores."],
    texts: [
      "O modo de avião está ligado, o Wi-Fi desligado e o Bluetooth ligado outra vez para os teus auscultadores.",
    ],
  },
  stateful_multi_wake_alarm_630: {
    turns: ["Muda o meu alarme de acordar dos dias úteis para as 6:30."],
    texts: ["O teu alarme de acordar dos dias úteis agora toca às 6:30."],
    seeded: { alarms: [alarms.wake] },
  },
  stateful_multi_radios_off_dnd: {
    turns: ["Desliga o wifi e o bluetooth, e ativa o não incomodar."],
    texts: ["O Wi-Fi e o Bluetooth estão desligados e o não incomodar está ativado."],
  },
  stateful_multi_focus_thursday: {
    turns: ["Encontra-me uma hora livre na quinta à tarde e reserva-a como tempo de foco."],
    texts: [
      "Reservei quinta das 16:00 às 17:00 como tempo de foco (das 12:00 às 13:00 era a outra hora livre).",
    ],
    loose: { title: "Tempo de foco" },
    set: {
      "milestones.blocked.where.title": { regex: "foco|concentra" },
      "world.events.evt-0901.title": "Chamada com fornecedor",
      "world.events.evt-0902.title": "Alinhamento do roteiro",
    },
  },
  stateful_multi_empty_cart: {
    turns: ["Esvazia o meu carrinho."],
    texts: ["O teu carrinho está vazio agora."],
  },
  stateful_multi_draft_emily: {
    turns: [
      "Escreve um rascunho de email para a Emily a perguntar que petisco devo levar no dia 11. Não o envies ainda.",
    ],
    texts: ["Guardei um rascunho para a Emily Zhang; está nos teus rascunhos, não foi enviado."],
    loose: {
      subject: "Clube do livro do dia 11",
      body: "Olá Emily, que petisco devo levar ao clube do livro no dia 11? Alex",
    },
  },
  stateful_turns_volume_half: {
    turns: ["Em quanto está o meu volume agora?", "Baixa-o para metade disso."],
    texts: ["O teu volume está a 60%.", "O volume está agora a 30%."],
  },
  stateful_turns_auto_brightness: {
    turns: ["Em quanto está o brilho do ecrã?", "Volta a pô-lo em automático."],
    texts: [
      "O brilho está a 30%, definido à mão (o brilho automático está desligado).",
      "O brilho automático está ligado outra vez.",
    ],
  },
  stateful_turns_sunday_alarm: {
    turns: ["Que alarmes tenho para o fim de semana?", "Liga o de domingo."],
    texts: [
      "Sábado às 7:30 «Corrida de fim de semana» (ligado) e domingo às 8:30 «Dormir mais» (desligado).",
      "O alarme «Dormir mais» de domingo às 8:30 está ligado.",
    ],
    replies: { told: "dormir mais" },
    seeded: { alarms: [alarms.run, alarms.sleep] },
  },
  stateful_turns_gym_to_wednesday: {
    turns: ["Tenho alguma coisa amanhã ao fim do dia?", "Passa o ginásio para quarta, à mesma hora."],
    texts: [
      "Só o ginásio, das 18:00 às 19:00 no Riverton Fitness.",
      "Passei o ginásio para quarta-feira, 4 de junho, das 18:00 às 19:00.",
    ],
    replies: { told: "ginásio|ginasio" },
    seeded: { events: [{ id: "evt-0011", title: "Ginásio" }] },
  },
  stateful_turns_friday_cancel_dinner: {
    turns: ["O que tenho no calendário esta sexta?", "O Jordan está doente. Cancela o jantar."],
    texts: [
      "Sexta-feira, 6 de junho: reunião da equipa das 9:30 às 9:45 no Zoom, e jantar com o Jordan das 19:30 às 21:30 na Osteria Lupa.",
      "Cancelei o jantar com o Jordan. Espero que melhore depressa.",
    ],
    seeded: { events: [{ id: "evt-0016", title: "Jantar com o Jordan" }] },
  },
  stateful_state_airplane_off_radios: {
    turns: ["Desliga o modo de avião, preciso de ir à internet e usar os auscultadores."],
    texts: [
      "O modo de avião está desligado. O Wi-Fi e o Bluetooth continuavam desligados, por isso liguei os dois.",
    ],
  },
  stateful_state_brightness_keep_auto: {
    turns: ["Põe o brilho a 50, mas deixa o brilho automático ligado."],
    texts: ["O brilho está a 50%. A alteração desligou o brilho automático, por isso voltei a ligá-lo."],
  },
  stateful_state_alarms_full_disabled: {
    turns: [
      "Adiciona um alarme às 9:15 aos sábados para o mercado. Apaga um alarme desativado se precisares de espaço.",
    ],
    texts: [
      "Os alarmes estavam cheios, por isso apaguei o alarme desativado «Voo antigo» e adicionei as 9:15 aos sábados para o mercado.",
    ],
    loose: { label: "Mercado" },
    set: {
      "world.alarms.alarm-0104.label": "Voo antigo",
      "world.alarms.alarm-0105.label": "Medicamentos",
      "world.alarms.alarm-0106.label": "Passeio ao almoço",
      "world.alarms.alarm-0107.label": "Alongamentos",
      "world.alarms.alarm-0108.label": "Descontrair",
      "world.alarms.alarm-0109.label": "Regar as plantas",
      "world.alarms.alarm-0110.label": "Dia do lixo",
    },
  },
  stateful_state_delete_photos_folder: {
    turns: ["Apaga a pasta photos, está tudo na nuvem de qualquer forma."],
    texts: ["Apaguei a pasta photos e o README que estava lá dentro."],
  },
  stateful_canon_thursday_next_week_3pm: {
    turns: ["Adiciona «Chamada de acompanhamento do dentista» na quinta da próxima semana às 15h."],
    texts: ["Adicionei «Chamada de acompanhamento do dentista» na quinta-feira, 12 de junho, às 15:00."],
    loose: { title: "Chamada de acompanhamento do dentista" },
  },
  stateful_canon_tomorrow_morning_coffee: {
    turns: ["Café com o Kevin amanhã de manhã às 7:45, meia hora. Põe no meu calendário."],
    texts: ["Adicionei o café com o Kevin amanhã, terça-feira, 3 de junho, das 7:45 às 8:15."],
    loose: { title: "Café com o Kevin" },
  },
  stateful_canon_in_two_hours: {
    turns: ["Reserva uma hora a começar daqui a duas horas para preparar os slides."],
    texts: ["Reservei hoje das 10:30 às 11:30 para preparar os slides."],
    loose: { title: "Preparar slides" },
  },
  stateful_canon_half_hour_tomorrow: {
    turns: ["Marca uma «Revisão do orçamento» de meia hora amanhã às 2:30 da tarde."],
    texts: ["Adicionei «Revisão do orçamento» amanhã, 3 de junho, das 14:30 às 15:00."],
    loose: { title: "Revisão do orçamento" },
  },
  stateful_canon_july_first_noon: {
    turns: ["almoço c/ a Olivia no dia 1 de julho ao meio-dia, mete isso pf"],
    texts: ["Adicionei o almoço com a Olivia na terça-feira, 1 de julho, às 12:00."],
    loose: { title: "Almoço com a Olivia" },
  },
  stateful_canon_alarm_quarter_past_five: {
    turns: ["Acorda-me amanhã às cinco e um quarto."],
    texts: ["Alarme marcado para amanhã às 5:15 da manhã."],
    loose: { label: "Acordar" },
  },
  stateful_canon_alarm_half_six_saturdays: {
    turns: ["Põe um alarme para as seis e meia todos os sábados."],
    texts: ["Pus um alarme para as 6:30 todos os sábados."],
  },
  stateful_canon_volume_quarter: {
    turns: ["Volume a um quarto do máximo, por favor."],
    texts: ["O volume está a 25%."],
  },
  stateful_disamb_turn_it_down: {
    turns: ["Podes baixar isso um bocadinho?"],
    texts: ["Referes-te ao volume ou ao brilho do ecrã, e quanto?", "O volume está agora a 40%."],
    answers: [{ reply: "O volume. Põe a 40.", pattern: "brilho|qual|quanto|o que" }],
    replies: { asked: "brilho|qual|quanto|o que" },
  },
  stateful_disamb_wake_alarm: {
    turns: ["Desliga o meu alarme de acordar."],
    texts: [
      "Tens dois alarmes «Acordar»: às 6:45 nos dias úteis e às 8:00 ao fim de semana. Qual deles?",
      "Desliguei o alarme de acordar das 6:45 dos dias úteis.",
    ],
    answers: [{ reply: "O dos dias úteis.", pattern: "qual|dias úteis|fim de semana" }],
    replies: { asked: "qual|dias úteis[\\s\\S]*fim de semana|fim de semana[\\s\\S]*dias úteis" },
    set: { "world.alarms.alarm-0901.label": "Acordar" },
    seeded: { alarms: [alarms.wake] },
  },
  stateful_coref_make_that: {
    turns: ["Põe um alarme para amanhã às 6 da manhã, chama-lhe Aeroporto.", "Afinal, põe às 5:40."],
    texts: ["Alarme «Aeroporto» marcado para amanhã às 6:00.", "Mudei-o para as 5:40."],
    loose: { label: "Aeroporto" },
  },
  stateful_coref_delete_second_alarm: {
    turns: ["Lista os meus alarmes.", "Apaga o segundo."],
    texts: [
      "1. 6:45 «Acordar», dias úteis (ligado). 2. 7:30 «Corrida de fim de semana», sábados (ligado). 3. 8:30 «Dormir mais», domingos (desligado).",
      "Apaguei o alarme «Corrida de fim de semana» das 7:30.",
    ],
    seeded: { alarms: [alarms.wake, alarms.run, alarms.sleep] },
  },
};
