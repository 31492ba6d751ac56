/**
 * News-like pages from the fictional Riverton Weekly and a regional site: council decisions,
 * openings and closures, transit changes, events, sports and weather, spring 2025.
 */
import type { SeededRandom } from "./random.js";
import { dateBetween, type GeneratedPage, slug } from "./web-page.js";

const stories: [string, string][] = [
  [
    "City council to vote on Elm Street bike lane",
    "The Riverton city council will vote on June 10 on a protected bike lane along Elm Street between Harbor Street and the train station. Supporters cite three crashes last year; some shop owners worry about losing 24 parking spaces. The meeting at City Hall starts at 19:00 and is open to the public.",
  ],
  [
    "Farmers market returns to Town Square",
    "The Saturday farmers market is back from June 7, open 8:00 to 13:00 through October. Twenty-eight vendors have signed up, including four new bakeries. SNAP benefits are matched up to $20 per visit.",
  ],
  [
    "Water shut-off planned on Harbor Street",
    "Crews will replace a water main under Harbor Street on Tuesday June 10. Buildings from number 60 to 120 will be without water from 9:00 to 12:00. Residents should store water the night before.",
  ],
  [
    "Library launches summer reading challenge",
    "The Riverton Public Library's summer reading challenge starts June 16. Readers of all ages who log ten books by August 31 get a free tote bag and entry into a raffle for a tablet.",
  ],
  [
    "Blue Fern Cafe opens second location",
    "Blue Fern Cafe, known for its cardamom buns, has opened a second café at 5 Station Road. The new spot has a larger kitchen and will serve brunch on weekends from 9:00.",
  ],
  [
    "Riverton Running Club opens River 10K registration",
    "Registration for the July 12 River 10K is open. The early price of $35 ends June 15; after that it is $45. The course follows the river path and finishes at the boathouse. Proceeds support the youth athletics program.",
  ],
  [
    "Commuter rail adds late-evening trains",
    "From June 16, the commuter line will add two trains leaving Boston at 23:10 and 00:15 on weekdays, stopping at Riverton. Weekend schedules are unchanged.",
  ],
  [
    "Heat advisory expected later this week",
    "Forecasters expect temperatures above 32°C (90°F) on Thursday and Friday. Cooling centres will open at the library and the community centre. Check on older neighbours and never leave pets in cars.",
  ],
  [
    "Osteria Lupa named best new restaurant",
    "Osteria Lupa on Harbor Street won the regional dining guide's best new restaurant award. The judges praised its handmade pasta and mushroom risotto. Reservations are recommended on weekends.",
  ],
  [
    "Riverside Park playground to close for renovation",
    "The Riverside Park playground will close from June 23 to August 1 for new equipment and a splash pad. The boathouse and the river path stay open.",
  ],
  [
    "Northwind announces new Riverton office",
    "Software company Northwind will move its Riverton team of 120 into a renovated mill building on Canal Street next spring, keeping jobs in town, the mayor's office said.",
  ],
  [
    "Town pool opens for the season",
    "The municipal pool opens June 14, with lap swimming from 6:30 and family swim in the afternoons. Season passes are $90 for residents.",
  ],
  [
    "New recycling rules start in July",
    "From July 1, glass must be put out separately in the green bin. Plastic bags are no longer accepted in curbside recycling; return them to supermarkets instead.",
  ],
  [
    "High school robotics team heads to nationals",
    "Riverton High's robotics team, the Rivets, qualified for the national championship in Houston after winning the regional final with a robot that stacks crates.",
  ],
  [
    "Bridge repairs to cause weekend detours",
    "The Mill Street bridge will close on the weekends of June 14-15 and 21-22 for deck repairs. Detours will be signposted via Canal Street.",
  ],
  [
    "Summer concert series lineup announced",
    "Free Thursday concerts return to the bandstand from June 26, starting with the Riverton Jazz Collective at 18:30. Bring a blanket; food trucks will be on site.",
  ],
  [
    "Local dentist offers free screenings for kids",
    "Riverton Dental on Elm Street will offer free dental screenings for children under 12 on Saturday June 21 from 9:00 to 12:00. No appointment needed.",
  ],
  [
    "Fitness centre extends opening hours",
    "Riverton Fitness will open at 5:30 on weekdays from June 9 and add Monday spin classes at 7:00.",
  ],
  [
    "Storm knocks out power to 2,000 homes",
    "A thunderstorm on Sunday evening brought down trees and left about 2,000 homes without power for up to six hours. The utility says all customers have been reconnected.",
  ],
  [
    "Art walk returns to Canal Street",
    "Galleries and studios along Canal Street will stay open late on the first Friday of each month this summer, starting June 6 from 17:00 to 21:00.",
  ],
];
const sources = [
  { host: "www.rivertonweekly.example.com", name: "The Riverton Weekly" },
  { host: "news.baystateregional.example.org", name: "Bay State Regional" },
];

/** Each story from both outlets with slightly different framing (40 pages). */
export function newsPages(random: SeededRandom): GeneratedPage[] {
  const pages: GeneratedPage[] = [];
  for (const [headline, body] of stories) {
    for (const source of sources) {
      const published = dateBetween(random.next(), [5, 20], [6, 1]);
      const quote = random.pick([
        '"We\'ve heard from a lot of residents about this," a city spokesperson said.',
        '"It\'s good news for the neighbourhood," said one resident.',
        "Officials said more details would follow on the city website.",
        "Readers can send questions to the newsroom by email.",
      ]);
      pages.push({
        url: `https://${source.host}/${published.slice(0, 7).replace("-", "/")}/${slug(headline)}`,
        title:
          source === sources[0]
            ? headline
            : `Riverton: ${headline.charAt(0).toLowerCase()}${headline.slice(1)}`,
        category: "news",
        published,
        text: `${source.name}, ${published}. ${body} ${quote}`,
      });
    }
  }
  return pages;
}
