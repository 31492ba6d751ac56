/**
 * The dual-control troubleshooting templates: the fault is on the user's phone (airplane mode on,
 * mobile data off, data roaming off abroad); the agent asks the user to look at the status bar and
 * to change the setting, and the user's own actions are gold actions.
 */
import { GoldConversation } from "../gold-conversation.js";
import { statusRule, type Template, verify } from "./telecom-template.js";

/** A phone setting the user must change (dual control). */
function phoneFix(
  kind: string,
  state: string,
  label: string,
  tool: string,
  enabled: boolean,
  when: string,
): Template {
  return {
    kind,
    count: 6,
    states: [state],
    build(customer, _plans, random) {
      const conversation = new GoldConversation();
      verify(conversation, customer);
      conversation.read("get_line_details", { phone: customer.line.phone });
      conversation.say(
        "Your line is active and has data left. Please check your status bar and tell me what it shows.",
      );
      conversation.say(
        `${label} Please turn ${enabled ? "on" : "off"} ${tool === "set_airplane_mode" ? "airplane mode" : "mobile data"} and tell me what your status bar shows then.`,
      );
      conversation.userAction(tool, { enabled });
      conversation.say("Your internet is working again.");
      return {
        opening: random.pick(troubleOpenings),
        situation: "Your phone cannot get online.",
        behaviour: "Do what the agent asks on your phone, one step at a time, and tell it what you see.",
        conversation,
        rules: [
          {
            when,
            say: `Done. My status bar shows: {result}`,
            do: [
              { name: tool, arguments: { enabled } },
              { name: "check_status_bar", arguments: {} },
            ],
          },
          statusRule,
        ],
      };
    },
  };
}

/** How users open a "no internet" conversation. */
const troubleOpenings = [
  "Hi, my mobile data isn't working. I can't get online at all.",
  "My phone has no internet since this morning.",
  "Websites won't load on my phone unless I'm on Wi-Fi.",
] as const;

/** Troubleshooting templates. */
export const troubleshootingTemplates: Template[] = [
  phoneFix(
    "airplane-mode",
    "airplane",
    "Airplane mode is on.",
    "set_airplane_mode",
    false,
    "turn off airplane mode|airplane mode off",
  ),
  phoneFix(
    "mobile-data",
    "data-off",
    "Mobile data is off on your phone.",
    "set_mobile_data",
    true,
    "turn on mobile data|mobile data on",
  ),
  {
    kind: "roaming",
    count: 6,
    states: ["abroad"],
    build(customer) {
      const conversation = new GoldConversation();
      verify(conversation, customer);
      conversation.read("get_line_details", { phone: customer.line.phone });
      conversation.say(
        "Roaming is not enabled on your line; enabling it is free. Shall I enable roaming on your line (yes/no)?",
      );
      conversation.write("enable_roaming", { phone: customer.line.phone });
      conversation.say(
        "Roaming is now enabled on your line. Please also turn on data roaming in your phone's settings and tell me what your status bar shows.",
      );
      conversation.userAction("set_data_roaming", { enabled: true });
      conversation.say("Your internet is working again.");
      return {
        opening: "I'm travelling abroad and my phone has no internet.",
        situation: "You are abroad and your phone cannot get online.",
        behaviour: "Agree to enable roaming, and do what the agent asks on your phone.",
        conversation,
        confirms: true,
        rules: [
          {
            when: "turn on data roaming|data roaming on",
            say: "I turned data roaming on. My status bar shows: {result}",
            do: [
              { name: "set_data_roaming", arguments: { enabled: true } },
              { name: "check_status_bar", arguments: {} },
            ],
          },
          statusRule,
        ],
      };
    },
  },
];
