/**
 * How-to pages: practical step-by-step guides (home, tech, cooking basics, travel admin).
 */
import type { SeededRandom } from "./random.js";
import { dateBetween, type GeneratedPage, slug } from "./web-page.js";

// biome-ignore format: a data table, one row per line
const guides: [string, string, string[]][] = [
  ["How to reset a Wi-Fi router", "tech", ["Find the reset pinhole on the back of the router.", "With the router on, press and hold it with a paperclip for 10 seconds.", "Wait two to three minutes for the lights to settle.", "Connect to the default network printed on the label.", "Log in to the admin page and set a new network name and password."]],
  ["How to descale an electric kettle", "home", ["Fill the kettle halfway with equal parts water and white vinegar.", "Bring it to the boil and let it sit for an hour.", "Empty it and scrub any remaining scale with a soft brush.", "Boil fresh water twice and discard it to remove the vinegar taste."]],
  ["How to season a cast iron skillet", "cooking", ["Wash the skillet and dry it completely on the stove.", "Rub a thin layer of neutral oil over every surface.", "Wipe off the excess until it looks almost dry.", "Bake upside down at 450F (230C) for one hour.", "Let it cool in the oven; repeat three times for a new pan."]],
  ["How to unclog a kitchen sink without chemicals", "home", ["Remove standing water with a cup.", "Pour half a cup of baking soda into the drain, then a cup of vinegar.", "Cover the drain for 15 minutes.", "Flush with a kettle of hot water.", "If it is still slow, use a plunger or clean the trap under the sink."]],
  ["How to back up your phone photos", "tech", ["Open your phone's settings and find the backup section.", "Turn on photo backup and choose Wi-Fi only to save data.", "Check you have enough cloud storage.", "Leave the phone charging on Wi-Fi overnight for the first backup.", "Every few months, also copy photos to a computer or external drive."]],
  ["How to set up two-factor authentication", "tech", ["Install an authenticator app.", "In your account's security settings choose two-step verification.", "Scan the QR code with the app.", "Enter the six-digit code to confirm.", "Save the backup codes somewhere safe, offline."]],
  ["How to spot a phishing email", "tech", ["Check the sender's real address, not just the display name.", "Be suspicious of urgency: overdue invoices, locked accounts, prizes.", "Hover over links to see where they really go.", "Never send passwords or card numbers by email.", "When unsure, contact the company through its official website."]],
  ["How to pack a carry-on for a week", "travel", ["Choose a colour palette so everything matches.", "Roll clothes instead of folding.", "Pack shoes at the bottom, filled with socks.", "Put liquids in a clear one-litre bag, 100 ml per container.", "Wear your bulkiest items on the plane."]],
  ["How to beat jet lag flying east", "travel", ["Shift bedtime an hour earlier for three days before you go.", "Drink water, not alcohol, on the flight.", "Sleep on the plane if it is night at your destination.", "Get outside in morning light when you arrive.", "Avoid naps longer than 30 minutes on the first day."]],
  ["How to renew a US passport by mail", "travel", ["Check you are eligible: your last passport was issued within 15 years and when you were 16 or older.", "Fill in form DS-82.", "Get a new passport photo, 2 x 2 inches.", "Include your old passport and the fee.", "Mail it; routine service takes several weeks, so apply well before travel."]],
  ["How to make cold brew coffee", "cooking", ["Coarsely grind 100 g of coffee.", "Stir it into one litre of cold water.", "Steep 12 to 18 hours in the fridge.", "Strain through a paper filter.", "Dilute one to one with water or milk."]],
  ["How to make a pour-over coffee", "cooking", ["Heat water to about 94C (just off the boil).", "Rinse the paper filter and warm the cup.", "Use 15 g of medium-fine coffee for 250 ml of water.", "Bloom with 40 ml of water for 30 seconds.", "Pour the rest in slow circles; aim for a total time of three minutes."]],
  ["How to clean a dishwasher filter", "home", ["Remove the bottom rack.", "Twist out the cylindrical filter.", "Rinse it under warm water and scrub with an old toothbrush.", "Wipe the filter housing.", "Refit the filter until it clicks."]],
  ["How to fix a running toilet", "home", ["Lift the tank lid and check the flapper seals properly.", "Adjust the chain so it has a little slack.", "Lower the float if water runs into the overflow tube.", "Replace the flapper if it is warped; they are cheap.", "Turn the water back on and test."]],
  ["How to train for your first 10K", "fitness", ["Run three times a week for eight weeks.", "Keep most runs easy enough to talk.", "Add one longer run each week, building to 10 km.", "Include one session of short faster intervals.", "Rest the week before the race with shorter runs."]],
  ["How to choose running shoes", "fitness", ["Shop in the afternoon when feet are largest.", "Leave a thumb's width at the toe.", "Try them with your running socks.", "Jog in the store if you can.", "Replace shoes every 500 to 800 km."]],
  ["How to start a houseplant collection", "home", ["Start with forgiving plants: pothos, snake plant, ZZ plant.", "Check the light each spot gets before buying.", "Use pots with drainage holes.", "Water when the top few centimetres of soil are dry.", "Feed monthly in spring and summer."]],
  ["How to water plants while on vacation", "home", ["Water thoroughly the day before you leave.", "Move plants out of direct sun.", "Group them together to keep humidity up.", "Use self-watering spikes or a wick from a water jug.", "For long trips, ask a neighbour to water once a week."]],
  ["How to make a monthly budget", "finance", ["List your take-home income.", "Write down fixed costs: rent, utilities, subscriptions.", "Track a month of variable spending.", "Set a savings amount first, then a spending limit for each category.", "Review at the end of each month and adjust."]],
  ["How to dispute a credit card charge", "finance", ["Contact the merchant first and keep records.", "If that fails, call the number on the back of your card.", "Explain the charge and provide receipts.", "Most issuers give a temporary credit while they investigate.", "Follow up in writing within 60 days of the statement."]],
  ["How to cancel an online order", "shopping", ["Open your order history on the shop's website.", "Select the order and look for cancel; it is only possible before shipping.", "If it has shipped, refuse delivery or start a return.", "Refunds usually appear within 5 to 10 business days."]],
  ["How to speed up a slow laptop", "tech", ["Restart it; many problems clear up.", "Uninstall programs you no longer use.", "Disable startup apps you do not need.", "Free up at least 15% of disk space.", "Install system updates and check for malware."]],
  ["How to connect Bluetooth headphones", "tech", ["Put the headphones in pairing mode (usually hold the power button until a light flashes).", "Turn on Bluetooth on your phone or computer.", "Select the headphones from the list of devices.", "If it fails, forget the device and try again.", "Airplane mode turns Bluetooth off; turn Bluetooth back on if you need it on a flight."]],
  ["How to use your phone abroad without huge bills", "travel", ["Check your carrier's roaming packages before you go.", "Consider a local SIM or an eSIM data plan.", "Turn off data roaming if you rely on Wi-Fi.", "Download offline maps before leaving.", "Use Wi-Fi calling where available."]],
  ["How to write a professional out-of-office reply", "work", ["Say when you are away and when you will be back.", "Give a contact for urgent matters.", "Keep it short and friendly.", "Do not share travel details publicly.", "Turn it off when you return."]],
  ["How to run an effective one-on-one meeting", "work", ["Keep a shared agenda both people add to.", "Start with the report's topics.", "Talk about growth, not only status.", "Write down decisions and actions.", "Keep the time; move rather than cancel."]],
  ["How to host a book club", "lifestyle", ["Pick a date and a book a month ahead.", "Keep the group to 6-10 people.", "Prepare three or four open questions.", "Serve simple food that can be eaten while talking.", "Let the group vote on the next book."]],
  ["How to make sourdough starter", "cooking", ["Mix 50 g flour and 50 g water in a jar.", "Cover loosely and leave at room temperature.", "Each day discard half and feed with 50 g flour and 50 g water.", "After 5 to 10 days it should double within 6 hours of feeding.", "Keep it in the fridge and feed weekly."]],
  ["How to store fresh herbs", "cooking", ["Treat soft herbs like flowers: trim and stand in water.", "Cover basil loosely and keep it out of the fridge.", "Wrap hardy herbs in a damp towel in the fridge.", "Freeze chopped herbs in olive oil in ice cube trays."]],
  ["How to choose a tent for backpacking", "outdoors", ["Decide on capacity: a two-person tent for one person gives room for gear.", "Aim for under 2 kg per person.", "Freestanding tents are easier on rocky ground.", "Two doors make life easier for two people.", "Check the packed size against your backpack."]],
  ["How to prepare for a day hike", "outdoors", ["Check the weather and the sunset time.", "Tell someone your route.", "Pack water, snacks, a layer, a headlamp and a first-aid kit.", "Wear broken-in shoes.", "Turn back if the weather changes."]],
  ["How to set up a smart speaker", "tech", ["Plug it in and wait for the light.", "Install the manufacturer's app.", "Join it to your Wi-Fi network (2.4 GHz on many models).", "Link your music and calendar accounts if you want.", "Use the microphone switch for privacy."]],
  ["How to set a recurring alarm on your phone", "tech", ["Open the clock app and choose alarm.", "Add an alarm and set the time.", "Choose the days it repeats.", "Give it a label.", "Do-not-disturb does not silence alarms on most phones."]],
  ["How to schedule a meeting across time zones", "work", ["Find everyone's time zone and working hours.", "Look for an overlap; rotate inconvenient times if there is none.", "Send invites from a calendar so times convert automatically.", "Write the time with a zone in the text, e.g. 15:00 Lisbon / 10:00 Boston."]],
  ["How to read a nutrition label", "health", ["Start with the serving size.", "Check calories per serving.", "Look at fibre, protein and added sugar.", "Use % daily value: 5% is low, 20% is high.", "Compare products by 100 g when serving sizes differ."]],
  ["How to get rid of fruit flies", "home", ["Remove ripe fruit and take out the rubbish.", "Clean drains with boiling water.", "Set a trap: apple cider vinegar with a drop of dish soap.", "Repeat for a week to catch new hatches."]],
];

/** One page per guide, on one of three sites. */
export function howToPages(random: SeededRandom): GeneratedPage[] {
  const hosts = ["www.howtohub.example.com", "fixitguide.example.org", "everydayanswers.example.net"];
  return guides.map(([title, topic, steps]) => {
    const host = random.pick(hosts);
    const minutes = random.int(2, 12) * 5;
    return {
      url: `https://${host}/${topic}/${slug(title)}`,
      title,
      category: "how-to",
      published: dateBetween(random.next(), [1, 1], [5, 31]),
      text: `${title}. Difficulty: ${random.pick(["easy", "easy", "moderate"])}. Time: about ${minutes} minutes.\n\n${steps
        .map((step, index) => `Step ${index + 1}: ${step}`)
        .join("\n")}\n\nStill stuck? Ask in the comments; our editors answer within a day.`,
    };
  });
}
