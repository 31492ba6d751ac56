/**
 * The made-up half of `assistant:knowledge`: businesses and services of the invented town of
 * Wrenfield, the projects and colleagues of an invented company (Tessellate Labs) on its
 * intranet, Wrenfield's council notices, and the "about" pages of the corpus's own sites. No model
 * can know these facts; a correct answer without looking them up is leakage or a lucky guess.
 */
import type { KnowledgeArticle, KnowledgeFact } from "./knowledge-article.js";

const guide = "https://www.wrenfield-guide.example.com";
const intranet = "https://intranet.tessellate-labs.example.com";
const council = "https://www.wrenfield-council.example.org";

function local(
  topic: string,
  url: string,
  title: string,
  category: string,
  text: string,
  facts: KnowledgeFact[],
): KnowledgeArticle {
  return { half: "local", topic, url, title, category, text, facts };
}

const ampm = (hour: string) => [`${hour} pm`, `${hour}pm`, `${hour} p.m.`];

/** The local articles (25 pages, 50 facts). */
export const localArticles: KnowledgeArticle[] = [
  local(
    "business",
    `${guide}/places/marigold-bakery`,
    "Marigold Bakery - bakery - 4 Fenwick Lane, Wrenfield",
    "local business",
    "Marigold Bakery is a small bakery at 4 Fenwick Lane, Wrenfield, owned by Ines Halvorsen since 2016. " +
      "Opening hours: Tuesday to Saturday 7:30-15:00; closed on Sundays and Mondays. " +
      "Known for its rye and fennel loaf, cardamom knots and cakes to order (two days' notice). Cash and cards accepted.",
    [
      {
        key: "marigold-opens",
        question: "What time does Marigold Bakery in Wrenfield open on Saturdays?",
        answer: "7:30",
        aliases: ["7.30", "half past seven"],
        query: "Marigold Bakery Wrenfield opening hours",
      },
      {
        key: "marigold-owner",
        question: "Who owns Marigold Bakery in Wrenfield?",
        answer: "Ines Halvorsen",
        query: "Marigold Bakery Wrenfield owner",
      },
    ],
  ),
  local(
    "business",
    `${guide}/places/copperleaf-bicycle-works`,
    "Copperleaf Bicycle Works - bike repair - 19 Quarry Road, Wrenfield",
    "local business",
    "Copperleaf Bicycle Works repairs and sells bicycles at 19 Quarry Road, Wrenfield. " +
      "A basic tune-up costs $45 and includes brakes, gears and a safety check; a full service is $95. " +
      "Open Monday, Tuesday, Thursday and Friday 9:00-18:30 and Saturday 9:00-14:00; closed on Wednesdays and Sundays. " +
      "Head mechanic: Tobias Renner.",
    [
      {
        key: "copperleaf-tune-up",
        question: "How much does a basic tune-up cost at Copperleaf Bicycle Works in Wrenfield?",
        answer: "$45",
        aliases: ["45 dollars"],
        query: "Copperleaf Bicycle Works tune-up price",
      },
      {
        key: "copperleaf-closed",
        question: "Which weekday is Copperleaf Bicycle Works in Wrenfield closed?",
        answer: "Wednesday",
        aliases: ["Wednesdays"],
        query: "Copperleaf Bicycle Works opening hours closed",
      },
    ],
  ),
  local(
    "business",
    `${guide}/places/larkspur-veterinary-clinic`,
    "Larkspur Veterinary Clinic - vet - 7 Orchard Row, Wrenfield",
    "local business",
    "The Larkspur Veterinary Clinic at 7 Orchard Row, Wrenfield, is run by Dr. Amara Osei. " +
      "Appointments Monday to Friday 8:00-19:00. " +
      "For emergencies out of hours call the emergency line on 555-0142. Vaccinations, dental care and microchipping.",
    [
      {
        key: "larkspur-emergency",
        question: "What is the phone number of the Larkspur Veterinary Clinic's emergency line?",
        answer: "555-0142",
        aliases: ["5550142"],
        query: "Larkspur Veterinary Clinic emergency line phone",
      },
      {
        key: "larkspur-vet",
        question: "Which vet runs the Larkspur Veterinary Clinic in Wrenfield?",
        answer: "Amara Osei",
        query: "Larkspur Veterinary Clinic Wrenfield vet",
      },
    ],
  ),
  local(
    "business",
    `${guide}/places/the-gilded-spoon`,
    "The Gilded Spoon - restaurant - 31 Weir Street, Wrenfield",
    "local business",
    "The Gilded Spoon is a seasonal restaurant at 31 Weir Street, Wrenfield. Its head chef is Mateo Quiroga, " +
      "formerly of a Lisbon seafood house. The seven-course tasting menu costs $68 per person; wine pairing is extra. " +
      "Live jazz on Thursday evenings. Open Wednesday to Sunday 18:00-23:00.",
    [
      {
        key: "gilded-chef",
        question: "Who is the head chef at The Gilded Spoon in Wrenfield?",
        answer: "Mateo Quiroga",
        query: "The Gilded Spoon Wrenfield head chef",
      },
      {
        key: "gilded-tasting",
        question: "How much does the tasting menu at The Gilded Spoon in Wrenfield cost per person?",
        answer: "$68",
        aliases: ["68 dollars"],
        query: "Gilded Spoon tasting menu price",
      },
    ],
  ),
  local(
    "business",
    `${guide}/places/wrenfield-swim-centre`,
    "Wrenfield Swim Centre - swimming pool - Millpond Park, Wrenfield",
    "local business",
    "Wrenfield Swim Centre has a 25-metre pool with six lanes and a learner pool. " +
      "Early lap swimming runs on weekdays from 6:00 until 8:30; public sessions follow until 20:00. " +
      "A single swim is $6; a ten-swim card is $50.",
    [
      {
        key: "swim-early-end",
        question: "When does early lap swimming end on weekdays at Wrenfield Swim Centre?",
        answer: "8:30",
        aliases: ["8.30", "half past eight"],
        query: "Wrenfield Swim Centre early lap swimming times",
      },
      {
        key: "swim-lanes",
        question: "How many lanes does the main pool at Wrenfield Swim Centre have?",
        answer: "six",
        aliases: ["6"],
        query: "Wrenfield Swim Centre pool lanes",
      },
    ],
  ),
  local(
    "business",
    `${guide}/places/bramble-and-hive`,
    "Bramble & Hive - honey stall - Wrenfield Saturday Market",
    "local business",
    "Bramble & Hive sells honey from hives on the Wrenfield hills at stall 12 of the Wrenfield Saturday Market, " +
      "every Saturday 8:00-13:00. A 500 g jar of wildflower honey costs $9.50; heather honey is $12. " +
      "Beeswax candles and comb honey in autumn.",
    [
      {
        key: "bramble-stall",
        question: "Which stall number does Bramble & Hive have at the Wrenfield Saturday Market?",
        answer: "12",
        aliases: ["twelve"],
        query: "Bramble & Hive honey stall Wrenfield Saturday Market",
      },
      {
        key: "bramble-price",
        question: "How much does a 500 g jar of Bramble & Hive wildflower honey cost?",
        answer: "$9.50",
        aliases: ["9.50 dollars"],
        query: "Bramble & Hive wildflower honey jar price",
      },
    ],
  ),
  local(
    "business",
    `${guide}/places/thimble-and-thread`,
    "Thimble & Thread - tailor - 2 Mercer Yard, Wrenfield",
    "local business",
    "Thimble & Thread is the tailoring and alterations shop of Keiko Marsh at 2 Mercer Yard, Wrenfield. " +
      "Standard alterations are ready in three working days; an express service the next day costs extra. " +
      "Hems from $15, zips from $20.",
    [
      {
        key: "thimble-owner",
        question: "Who owns the Thimble & Thread tailor shop in Wrenfield?",
        answer: "Keiko Marsh",
        query: "Thimble & Thread Wrenfield tailor owner",
      },
      {
        key: "thimble-days",
        question: "How long do standard alterations take at Thimble & Thread in Wrenfield?",
        answer: "three working days",
        aliases: ["3 working days", "three days", "3 days", "three business days", "3 business days"],
        query: "Thimble & Thread alterations how long",
      },
    ],
  ),
  local(
    "business",
    `${guide}/places/wrenfield-cinema-club`,
    "Wrenfield Cinema Club - film society - the Old Granary, Wrenfield",
    "local business",
    "The Wrenfield Cinema Club shows classic and world films on the first Friday of every month at the Old Granary, " +
      "Mill Lane. A year's membership costs $30 and includes a free guest night. Doors open at 19:00.",
    [
      {
        key: "cinema-venue",
        question: "Where does the Wrenfield Cinema Club meet?",
        answer: "the Old Granary",
        aliases: ["Old Granary"],
        query: "Wrenfield Cinema Club venue",
      },
      {
        key: "cinema-membership",
        question: "How much is a year's membership of the Wrenfield Cinema Club?",
        answer: "$30",
        aliases: ["30 dollars"],
        query: "Wrenfield Cinema Club membership cost",
      },
    ],
  ),
  local(
    "colleague",
    `${intranet}/projects/halyard`,
    "Project Halyard - Tessellate Labs intranet",
    "intranet",
    "Project Halyard brings offline sync to the Tessellate field app. Lead: Priya Natarajan (Mobile team). " +
      "Target launch: 14 October 2025, after a beta with two customers in September. " +
      "Code lives in the halyard-sync repository; stand-ups at 9:45 daily.",
    [
      {
        key: "halyard-lead",
        question: "Who leads Project Halyard at Tessellate Labs?",
        answer: "Priya Natarajan",
        query: "Project Halyard Tessellate Labs lead",
      },
      {
        key: "halyard-launch",
        question: "What is the target launch date of Project Halyard at Tessellate Labs?",
        answer: "14 October 2025",
        aliases: [
          "October 14, 2025",
          "2025-10-14",
          "14 Oct 2025",
          "Oct 14, 2025",
          "14 October",
          "October 14",
        ],
        query: "Project Halyard target launch date",
      },
    ],
  ),
  local(
    "colleague",
    `${intranet}/projects/tern`,
    "Project Tern - Tessellate Labs intranet",
    "intranet",
    "Project Tern replaces the invoicing engine. It is owned by the Payments Platform team; Jonas Whitfield is the engineer on call. " +
      "Budget for 2025: $180,000. Status: paused until the new tax rules are published.",
    [
      {
        key: "tern-budget",
        question: "What is the 2025 budget of Project Tern at Tessellate Labs?",
        answer: "$180,000",
        aliases: ["180 thousand dollars", "180k"],
        query: "Project Tern budget Tessellate Labs",
      },
      {
        key: "tern-team",
        question: "Which team owns Project Tern at Tessellate Labs?",
        answer: "Payments Platform",
        query: "Project Tern Tessellate Labs owning team",
      },
    ],
  ),
  local(
    "colleague",
    `${intranet}/projects/lantern`,
    "Project Lantern - Tessellate Labs intranet",
    "intranet",
    "Project Lantern is Marta Kowalczyk's dashboard for warehouse sensors. It is written in Rust and reads the sensor feed every ten seconds. " +
      "Weekly demo: Thursdays at 15:00 in the Harbour room.",
    [
      {
        key: "lantern-language",
        question: "Which programming language is Project Lantern at Tessellate Labs written in?",
        answer: "Rust",
        query: "Project Lantern Tessellate Labs programming language",
      },
      {
        key: "lantern-demo",
        question: "On which day of the week is the weekly Project Lantern demo at Tessellate Labs?",
        answer: "Thursday",
        aliases: ["Thursdays"],
        query: "Project Lantern weekly demo day",
      },
    ],
  ),
  local(
    "colleague",
    `${intranet}/people/diego-ferraz`,
    "Diego Ferraz - Tessellate Labs people directory",
    "intranet",
    "Diego Ferraz is a search engineer at Tessellate Labs who joined in 2021. He works on Project Quill. " +
      "Desk: 4B-17 (fourth floor, east wing). Ask him about ranking and evaluation.",
    [
      {
        key: "diego-desk",
        question: "What is Diego Ferraz's desk number at Tessellate Labs?",
        answer: "4B-17",
        aliases: ["4B17"],
        query: "Diego Ferraz Tessellate Labs desk",
      },
      {
        key: "diego-project",
        question: "Which project does Diego Ferraz work on at Tessellate Labs?",
        answer: "Quill",
        aliases: ["Project Quill"],
        query: "Diego Ferraz Tessellate Labs project",
      },
    ],
  ),
  local(
    "colleague",
    `${intranet}/projects/quill`,
    "Project Quill - Tessellate Labs intranet",
    "intranet",
    "Project Quill improves search in the Tessellate help centre, starting from a BM25 baseline. " +
      "Goal: raise answer click-through to 35% (from 22% today). Due to ship in Q1 2026.",
    [
      {
        key: "quill-target",
        question: "What answer click-through rate is Project Quill at Tessellate Labs aiming for?",
        answer: "35%",
        aliases: ["35 percent"],
        query: "Project Quill click-through goal",
      },
      {
        key: "quill-ship",
        question: "When is Project Quill at Tessellate Labs due to ship?",
        answer: "Q1 2026",
        aliases: ["first quarter of 2026"],
        query: "Project Quill ship date",
      },
    ],
  ),
  local(
    "colleague",
    `${intranet}/projects/kiln`,
    "Project Kiln - Tessellate Labs intranet",
    "intranet",
    "Project Kiln enforces data retention across Tessellate Labs services. Raw logs are kept for 400 days, then deleted. " +
      "The retention policy was approved by Hannah Brooks (Legal) in March 2025.",
    [
      {
        key: "kiln-days",
        question: "How many days does Project Kiln at Tessellate Labs keep raw logs?",
        answer: "400",
        aliases: ["four hundred"],
        query: "Project Kiln raw logs retention days",
      },
      {
        key: "kiln-approver",
        question: "Who approved Project Kiln's retention policy at Tessellate Labs?",
        answer: "Hannah Brooks",
        query: "Project Kiln retention policy approved",
      },
    ],
  ),
  local(
    "colleague",
    `${intranet}/office/wrenfield`,
    "Wrenfield office guide - Tessellate Labs intranet",
    "intranet",
    "The Tessellate Labs Wrenfield office is at 88 Ropewalk Street. Visitors use the guest Wi-Fi network tessera-guest " +
      "(password at reception). The cafeteria is on the third floor and serves lunch 12:00-14:00.",
    [
      {
        key: "office-wifi",
        question: "What is the guest Wi-Fi network called at the Tessellate Labs Wrenfield office?",
        answer: "tessera-guest",
        query: "Tessellate Labs Wrenfield office guest Wi-Fi",
      },
      {
        key: "office-cafeteria",
        question: "Which floor is the cafeteria on at the Tessellate Labs Wrenfield office?",
        answer: "third floor",
        aliases: ["3rd floor", "floor 3", "third"],
        query: "Tessellate Labs Wrenfield office cafeteria floor",
      },
    ],
  ),
  local(
    "colleague",
    `${intranet}/events/autumn-offsite-2025`,
    "Autumn offsite 2025 - Tessellate Labs intranet",
    "intranet",
    "The Tessellate Labs autumn offsite 2025 takes place on 6-7 November at Cobble Point Lodge. " +
      "It is organised by Ruth Adeyemi; coaches leave the Wrenfield office at 8:00.",
    [
      {
        key: "offsite-venue",
        question: "Where is the Tessellate Labs autumn offsite in 2025?",
        answer: "Cobble Point Lodge",
        query: "Tessellate Labs autumn offsite 2025 venue",
      },
      {
        key: "offsite-organiser",
        question: "Who is organising the Tessellate Labs autumn offsite in 2025?",
        answer: "Ruth Adeyemi",
        query: "Tessellate Labs autumn offsite 2025 organised",
      },
    ],
  ),
  local(
    "community",
    `${council}/waste/collection-days`,
    "Bin and recycling collection days - Wrenfield Council",
    "council notice",
    "Wrenfield Council collects household waste weekly. Recycling in the North ward is collected every other Tuesday; " +
      "in the South ward every other Friday. A bulky waste collection costs $25 per booking (up to three items).",
    [
      {
        key: "recycling-day",
        question: "On which day is recycling collected in Wrenfield's North ward?",
        answer: "Tuesday",
        aliases: ["Tuesdays"],
        query: "Wrenfield North ward recycling collection day",
      },
      {
        key: "bulky-waste",
        question: "How much does a bulky waste collection cost in Wrenfield?",
        answer: "$25",
        aliases: ["25 dollars"],
        query: "Wrenfield bulky waste collection cost",
      },
    ],
  ),
  local(
    "community",
    `${council}/transport/bus-route-14`,
    "Bus route 14 timetable - Wrenfield Council",
    "council notice",
    "Route 14 links Station Square, Millpond Park and Ashgrove. Buses run every 20 minutes from 6:00; " +
      "the last bus from Station Square leaves at 23:10. Single fare $2.",
    [
      {
        key: "bus-frequency",
        question: "How often does the number 14 bus run in Wrenfield?",
        answer: "every 20 minutes",
        aliases: ["20 minutes", "twenty minutes"],
        query: "Wrenfield bus route 14 timetable frequency",
      },
      {
        key: "bus-last",
        question: "When does the last route 14 bus leave Station Square in Wrenfield?",
        answer: "23:10",
        aliases: ["11:10 pm", "11:10pm", "11:10 p.m.", "11.10 pm"],
        query: "Wrenfield route 14 last bus Station Square",
      },
    ],
  ),
  local(
    "community",
    `${council}/events/summer-fair-2025`,
    "Wrenfield Summer Fair 2025 - Wrenfield Council",
    "council notice",
    "The Wrenfield Summer Fair returns on Saturday 16 August 2025 at Millpond Park, 11:00-18:00: " +
      "a tug-of-war, the dog show and local food stalls. Entry is free.",
    [
      {
        key: "fair-venue",
        question: "Where is the Wrenfield Summer Fair held?",
        answer: "Millpond Park",
        query: "Wrenfield Summer Fair location",
      },
      {
        key: "fair-date",
        question: "On what date is the Wrenfield Summer Fair in 2025?",
        answer: "16 August 2025",
        aliases: ["August 16, 2025", "2025-08-16", "16 Aug 2025", "Aug 16, 2025", "16 August", "August 16"],
        query: "Wrenfield Summer Fair 2025 date",
      },
    ],
  ),
  local(
    "community",
    `${council}/libraries/wrenfield-public-library`,
    "Wrenfield Public Library - opening hours - Wrenfield Council",
    "council notice",
    "Wrenfield Public Library, Church Street. Open Monday to Saturday 9:30-17:30, with late opening on Thursdays until 20:00. " +
      "Head librarian: Colm Brennan. Free Wi-Fi and a children's corner.",
    [
      {
        key: "library-thursday",
        question: "Until what time is Wrenfield Public Library open on Thursdays?",
        answer: "20:00",
        aliases: [...ampm("8"), "8:00 pm", "8 o'clock"],
        query: "Wrenfield Public Library opening hours",
      },
      {
        key: "library-head",
        question: "Who is the head librarian of Wrenfield Public Library?",
        answer: "Colm Brennan",
        query: "Wrenfield Public Library head librarian",
      },
    ],
  ),
  local(
    "community",
    `${council}/schools/ashgrove-primary`,
    "Ashgrove Primary School term dates - Wrenfield Council",
    "council notice",
    "Ashgrove Primary School (headteacher: Olufemi Grant). The autumn term starts on Wednesday 3 September 2025 " +
      "and ends on Friday 19 December 2025; half term is 27-31 October.",
    [
      {
        key: "school-term",
        question: "When does the autumn term start at Ashgrove Primary School in Wrenfield?",
        answer: "3 September 2025",
        aliases: [
          "September 3, 2025",
          "2025-09-03",
          "3 Sept 2025",
          "3 Sep 2025",
          "3 September",
          "September 3",
        ],
        query: "Ashgrove Primary School autumn term start",
      },
      {
        key: "school-head",
        question: "Who is the headteacher of Ashgrove Primary School in Wrenfield?",
        answer: "Olufemi Grant",
        query: "Ashgrove Primary School headteacher",
      },
    ],
  ),
  local(
    "corpus",
    "https://www.localfinder.example.com/about",
    "About LocalFinder",
    "about",
    "LocalFinder lists restaurants, shops and services with hours, phone numbers and reviews. " +
      "It was founded in 2014 in Riverton by Dana Whitlock, who still reads every correction readers send.",
    [
      {
        key: "localfinder-founder",
        question: "Who founded the LocalFinder business directory?",
        answer: "Dana Whitlock",
        query: "About LocalFinder founded",
      },
      {
        key: "localfinder-year",
        question: "In which year was the LocalFinder business directory founded?",
        answer: "2014",
        query: "LocalFinder directory founded year",
      },
    ],
  ),
  local(
    "corpus",
    "https://www.wrenfield-courier.example.com/about",
    "About the Wrenfield Courier",
    "about",
    "The Wrenfield Courier has covered Wrenfield's council, schools and sport since it was founded in 1987. " +
      "Its editor is Sunita Rao; the newsroom is above the post office on Church Street.",
    [
      {
        key: "courier-founded",
        question: "In which year was the Wrenfield Courier newspaper founded?",
        answer: "1987",
        query: "Wrenfield Courier newspaper founded",
      },
      {
        key: "courier-editor",
        question: "Who is the editor of the Wrenfield Courier?",
        answer: "Sunita Rao",
        query: "Wrenfield Courier editor",
      },
    ],
  ),
  local(
    "corpus",
    "https://www.openfacts.example.org/about",
    "About OpenFacts",
    "about",
    "OpenFacts is a free encyclopedia written by volunteers and published since 2009. " +
      "Its editor-in-chief is Henrik Lund, who reviews every article before it goes live.",
    [
      {
        key: "openfacts-editor",
        question: "Who is the editor-in-chief of the OpenFacts encyclopedia?",
        answer: "Henrik Lund",
        query: "About OpenFacts encyclopedia editor-in-chief",
      },
      {
        key: "openfacts-since",
        question: "Since which year has the OpenFacts encyclopedia been published?",
        answer: "2009",
        query: "OpenFacts encyclopedia published since",
      },
    ],
  ),
  local(
    "corpus",
    `${guide}/about`,
    "About the Wrenfield Guide",
    "about",
    "The Wrenfield Guide is published by the Wrenfield Tourism Office and lists places to eat, shop and stay in Wrenfield. " +
      "Corrections and suggestions: write to hello@wrenfield-guide.example.com.",
    [
      {
        key: "guide-email",
        question: "What email address does the Wrenfield Guide give for corrections?",
        answer: "hello@wrenfield-guide.example.com",
        query: "About the Wrenfield Guide corrections email",
      },
      {
        key: "guide-publisher",
        question: "Who publishes the Wrenfield Guide?",
        answer: "the Wrenfield Tourism Office",
        aliases: ["Wrenfield Tourism Office"],
        query: "About the Wrenfield Guide published",
      },
    ],
  ),
];
