/**
 * Travel pages: city guides, getting-around pages and day trips, written from per-city facts.
 */
import type { SeededRandom } from "./random.js";
import { dateBetween, type GeneratedPage, listText, slug } from "./web-page.js";

interface City {
  name: string;
  country: string;
  sights: string[];
  neighbourhoods: string[];
  food: string[];
  transport: string;
  airport: string;
  bestTime: string;
  dayTrips: [string, string][];
}

const cities: City[] = [
  {
    name: "Lisbon",
    country: "Portugal",
    sights: [
      "São Jorge Castle",
      "Belém Tower",
      "Jerónimos Monastery",
      "the Santa Justa Lift",
      "LX Factory",
      "the Miradouro da Senhora do Monte",
    ],
    neighbourhoods: ["Alfama", "Baixa", "Chiado", "Bairro Alto", "Belém", "Príncipe Real"],
    food: ["pastéis de nata", "grilled sardines", "bifana sandwiches", "bacalhau", "ginjinha"],
    transport:
      "Tram 28 climbs through Alfama and Graça; a Viva Viagem card works on metro, trams and buses (a single ride is about 1.85 euros loaded as zapping). The hills are steep, so wear comfortable shoes.",
    airport:
      "The metro red line runs from the airport to the centre in about 25 minutes; a taxi costs 15 to 20 euros.",
    bestTime:
      "April to June and September to October; June brings the Santo António festival with grilled sardines in the streets on 12-13 June.",
    dayTrips: [
      [
        "Sintra",
        "Trains leave Rossio station every 20 minutes and take 40 minutes. Pena Palace needs a timed ticket; arrive before 10:00 in summer.",
      ],
      [
        "Cascais",
        "Trains from Cais do Sodré take 40 minutes along the coast; beaches are right by the station.",
      ],
    ],
  },
  {
    name: "Porto",
    country: "Portugal",
    sights: [
      "the Dom Luís I Bridge",
      "Livraria Lello",
      "the Ribeira waterfront",
      "São Bento station's tiles",
      "the port wine cellars of Gaia",
    ],
    neighbourhoods: ["Ribeira", "Cedofeita", "Foz do Douro", "Bonfim"],
    food: ["francesinha", "tripas à moda do Porto", "port wine", "bolinhos de bacalhau"],
    transport: "The metro and the historic tram lines cover the centre; the Andante card works on both.",
    airport: "Metro line E reaches the centre in about 30 minutes.",
    bestTime: "May to September; the São João festival on 23-24 June is the liveliest night of the year.",
    dayTrips: [["the Douro Valley", "Trains from São Bento follow the river to Pinhão in about 2.5 hours."]],
  },
  {
    name: "Berlin",
    country: "Germany",
    sights: [
      "the Brandenburg Gate",
      "the East Side Gallery",
      "Museum Island",
      "the Reichstag dome",
      "Tempelhofer Feld",
    ],
    neighbourhoods: ["Mitte", "Kreuzberg", "Prenzlauer Berg", "Neukölln", "Friedrichshain"],
    food: ["currywurst", "döner kebab", "Berliner doughnuts", "Vietnamese food in Lichtenberg"],
    transport:
      "U-Bahn, S-Bahn, trams and buses share one ticket; an AB single is valid for two hours in one direction.",
    airport: "The FEX airport express reaches Hauptbahnhof in about 30 minutes.",
    bestTime: "May to September; Berlin Art Week runs in mid-September.",
    dayTrips: [
      ["Potsdam", "The S7 or regional trains take 25 to 40 minutes; Sanssouci park is free to walk."],
    ],
  },
  {
    name: "Paris",
    country: "France",
    sights: ["the Louvre", "the Eiffel Tower", "Musée d'Orsay", "Montmartre", "the Canal Saint-Martin"],
    neighbourhoods: ["Le Marais", "Saint-Germain", "Montmartre", "Belleville", "the Latin Quarter"],
    food: ["croissants", "steak frites", "falafel in the Marais", "macarons"],
    transport: "The metro is fastest; buy a Navigo Easy card and load single tickets or a day pass.",
    airport: "RER B connects Charles de Gaulle with the centre in about 35 minutes.",
    bestTime: "April to June and September.",
    dayTrips: [
      ["Versailles", "RER C to Versailles Château Rive Gauche takes 40 minutes; book palace tickets ahead."],
    ],
  },
  {
    name: "Portland, Maine",
    country: "USA",
    sights: ["Portland Head Light", "the Old Port", "Eastern Promenade", "Casco Bay islands by ferry"],
    neighbourhoods: ["Old Port", "Munjoy Hill", "West End", "East Bayside"],
    food: ["lobster rolls", "oysters", "blueberry pie", "craft beer"],
    transport: "The Old Port is walkable; Casco Bay Lines ferries run to Peaks Island every hour in summer.",
    airport: "Portland International Jetport is 10 minutes from downtown by taxi.",
    bestTime: "June to September.",
    dayTrips: [["Kennebunkport", "About 40 minutes by car along the coast."]],
  },
  {
    name: "Madrid",
    country: "Spain",
    sights: ["the Prado", "Retiro Park", "the Royal Palace", "Plaza Mayor", "the Reina Sofía"],
    neighbourhoods: ["Malasaña", "La Latina", "Lavapiés", "Salamanca", "Chueca"],
    food: ["churros with chocolate", "bocadillo de calamares", "tapas", "cocido madrileño"],
    transport: "The metro is cheap and extensive; a 10-trip card is shared among travellers.",
    airport: "Metro line 8 reaches Nuevos Ministerios in about 15 minutes; there is an airport supplement.",
    bestTime: "April to June and September to October; July and August are very hot.",
    dayTrips: [["Toledo", "High-speed trains from Atocha take 33 minutes."]],
  },
];

/** Six pages per city: guide, getting around, food, where to stay, day trips, and a weekend plan. */
export function travelPages(random: SeededRandom): GeneratedPage[] {
  const pages: GeneratedPage[] = [];
  const site = "https://www.wayfarer.example.com/guides";
  for (const city of cities) {
    const base = `${site}/${slug(city.name)}`;
    const published = () => dateBetween(random.next(), [2, 1], [5, 31]);
    const sights = random.sample(city.sights, city.sights.length);
    pages.push({
      url: base,
      title: `${city.name} travel guide 2025`,
      category: "travel",
      published: published(),
      text: `${city.name}, ${city.country}. Top sights: ${listText(sights)}. Neighbourhoods worth a wander: ${listText(city.neighbourhoods)}. Best time to visit: ${city.bestTime} Don't leave without trying ${listText(city.food)}. From the airport: ${city.airport}`,
    });
    pages.push({
      url: `${base}/getting-around`,
      title: `Getting around ${city.name}: transport tips`,
      category: "travel",
      published: published(),
      text: `${city.transport} ${city.airport} Taxis and ride-hailing apps are widely available. Walking is the best way to see ${listText(random.sample(city.neighbourhoods, 2))}.`,
    });
    pages.push({
      url: `${base}/what-to-eat`,
      title: `What to eat in ${city.name}`,
      category: "travel",
      published: published(),
      text: `Eating in ${city.name}: start with ${city.food[0]}, then try ${listText(city.food.slice(1))}. Lunch menus are often cheaper than dinner. In ${random.pick(city.neighbourhoods)} you'll find small family places; book ahead on weekends. Tipping: round up or leave 5-10% for good service.`,
    });
    pages.push({
      url: `${base}/where-to-stay`,
      title: `Where to stay in ${city.name}`,
      category: "travel",
      published: published(),
      text: city.neighbourhoods
        .map(
          (area, index) =>
            `${area}: ${["central and lively, close to the main sights", "quieter, with local cafés", "great nightlife but can be noisy", "good value and well connected", "elegant streets and boutique hotels", "up-and-coming, with markets and galleries"][index % 6]}.`,
        )
        .join(" "),
    });
    for (const [place, how] of city.dayTrips) {
      pages.push({
        url: `${base}/day-trip-${slug(place)}`,
        title: `Day trip from ${city.name} to ${place}`,
        category: "travel",
        published: published(),
        text: `${place} makes an easy day trip from ${city.name}. ${how} Start early to avoid the crowds, bring water and comfortable shoes, and check the last train back. Budget about ${random.int(25, 60)} euros or dollars for tickets and lunch.`,
      });
    }
    pages.push({
      url: `${base}/weekend-itinerary`,
      title: `48 hours in ${city.name}: a weekend itinerary`,
      category: "travel",
      published: published(),
      text: `Day one: morning at ${sights[0]}, lunch in ${city.neighbourhoods[0]}, afternoon at ${sights[1]}, dinner with ${city.food[0]}. Day two: ${sights[2]} early, then ${city.neighbourhoods[1]} for shopping and coffee, and sunset near ${sights[3] ?? sights[0]}.`,
    });
  }
  return pages;
}
