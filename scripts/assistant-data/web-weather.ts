/**
 * Weekly weather forecast pages for the world's cities in June 2025: daily highs and lows in both
 * scales, conditions, chance of rain, wind and UV.
 */
import type { SeededRandom } from "./random.js";
import { type GeneratedPage, slug } from "./web-page.js";

/** City, country, typical June high and low in Celsius, rain tendency (0-1). */
const cities: [string, string, number, number, number][] = [
  ["Riverton", "MA, USA", 24, 14, 0.35],
  ["Boston", "MA, USA", 25, 15, 0.35],
  ["Lisbon", "Portugal", 27, 17, 0.08],
  ["Sintra", "Portugal", 23, 14, 0.15],
  ["Porto", "Portugal", 23, 14, 0.2],
  ["Berlin", "Germany", 23, 13, 0.4],
  ["Paris", "France", 24, 14, 0.4],
  ["London", "United Kingdom", 21, 12, 0.45],
  ["New York", "NY, USA", 27, 18, 0.35],
  ["Portland", "ME, USA", 22, 12, 0.4],
  ["Madrid", "Spain", 30, 16, 0.1],
  ["Concord", "MA, USA", 25, 13, 0.35],
];
const weeks = ["2025-06-02", "2025-06-09", "2025-06-16", "2025-06-23"];
const weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

const fahrenheit = (celsius: number) => Math.round((celsius * 9) / 5 + 32);

function condition(random: SeededRandom, wetness: number): [string, number] {
  const roll = random.next();
  if (roll < wetness * 0.5) return [random.pick(["Thunderstorms", "Heavy rain"]), random.int(70, 95)];
  if (roll < wetness) return [random.pick(["Showers", "Light rain"]), random.int(40, 70)];
  if (roll < wetness + 0.25) return ["Partly cloudy", random.int(10, 30)];
  if (roll < wetness + 0.4) return ["Cloudy", random.int(15, 35)];
  return [random.pick(["Sunny", "Clear", "Mostly sunny"]), random.int(0, 10)];
}

/** One page per city and week (48 pages). */
export function weatherPages(random: SeededRandom): GeneratedPage[] {
  const pages: GeneratedPage[] = [];
  for (const [city, region, high, low, wetness] of cities) {
    for (const [weekIndex, week] of weeks.entries()) {
      const lines: string[] = [];
      let warmest = { day: "", value: -100 };
      let rainyDays = 0;
      for (let day = 0; day < 7; day++) {
        const date = new Date(Date.parse(week) + day * 86400000).toISOString().slice(0, 10);
        const dayHigh = high + weekIndex + random.int(-4, 4);
        const dayLow = low + weekIndex + random.int(-3, 3);
        const [sky, rain] = condition(random, wetness);
        if (rain >= 40) rainyDays += 1;
        if (dayHigh > warmest.value) warmest = { day: `${weekdays[day]} ${date}`, value: dayHigh };
        const wind = random.int(5, 30);
        const uv = sky.includes("rain") || sky === "Thunderstorms" ? random.int(2, 4) : random.int(5, 10);
        lines.push(
          `${weekdays[day]} ${date}: ${sky}. High ${dayHigh}°C (${fahrenheit(dayHigh)}°F), low ${dayLow}°C (${fahrenheit(dayLow)}°F). Chance of rain ${rain}%. Wind ${wind} km/h. UV index ${uv}.`,
        );
      }
      const summary =
        rainyDays >= 3
          ? "An unsettled week: keep an umbrella handy."
          : rainyDays === 0
            ? "A dry week with plenty of sunshine."
            : "Mostly dry, with a chance of showers on some days.";
      pages.push({
        url: `https://weather.example.com/forecast/${slug(city)}/${week}`,
        title: `${city} weather forecast: week of ${week}`,
        category: "weather",
        published: new Date(Date.parse(week) - 2 * 86400000).toISOString().slice(0, 10),
        text: [
          `7-day forecast for ${city}, ${region}, from ${week}. ${summary} Warmest day: ${warmest.day} at ${warmest.value}°C (${fahrenheit(warmest.value)}°F).`,
          ...lines,
          "Forecasts beyond three days are less certain. Times are local.",
        ].join("\n"),
      });
    }
  }
  return pages;
}
