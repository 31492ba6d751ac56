/**
 * Writes data/suites/loops/instructions.jsonl: the `loops:instructions` prompts (edgecall's own:
 * topics x combinations of verifiable instructions) with a reference answer built to follow
 * every instruction. The verifiers (src/suites/loops/instruction-checks.ts) are separate code, so
 * `suite check` checks this writer against them.
 *
 *   node --import tsx scripts/generate-loop-instructions.ts
 */
import { writeFileSync } from "node:fs";
import { countWords, type Instruction } from "../src/suites/loops/instruction-checks.js";

const topics = [
  ["a morning routine", "routine"],
  ["keeping houseplants alive", "plants"],
  ["a weekend hiking trip", "hiking"],
  ["learning to cook rice", "rice"],
  ["saving money on groceries", "groceries"],
  ["a first day at a new job", "job"],
  ["backing up phone photos", "photos"],
  ["planning a birthday party", "party"],
  ["riding a bicycle in the rain", "bicycle"],
  ["a visit to a public library", "library"],
  ["choosing a good pair of running shoes", "shoes"],
  ["a quiet evening at home", "evening"],
  ["preparing for a job interview", "interview"],
  ["taking care of a puppy", "puppy"],
  ["a train journey along the coast", "train"],
  ["organising a small desk", "desk"],
  ["writing a thank-you letter", "letter"],
  ["growing tomatoes on a balcony", "tomatoes"],
  ["a neighbourhood street festival", "festival"],
  ["packing for a short flight", "packing"],
] as const;

const phrase: Record<Instruction["type"], (instruction: Instruction) => string> = {
  words_at_least: (i) => `Use at least ${(i as { n: number }).n} words.`,
  words_at_most: (i) => `Use at most ${(i as { n: number }).n} words.`,
  paragraphs: (i) => `Write exactly ${(i as { n: number }).n} paragraphs separated by blank lines.`,
  include_keywords: (i) =>
    `Include the words ${(i as { keywords: string[] }).keywords.map((k) => `"${k}"`).join(" and ")}.`,
  exclude_keywords: (i) =>
    `Do not use the words ${(i as { keywords: string[] }).keywords.map((k) => `"${k}"`).join(" or ")}.`,
  keyword_frequency: (i) => {
    const { keyword, atLeast } = i as { keyword: string; atLeast: number };
    return `Use the word "${keyword}" at least ${atLeast} times.`;
  },
  bullets: (i) => `Answer with exactly ${(i as { n: number }).n} bullet points written as "* item".`,
  title: () => "Give it a title wrapped in double angular brackets, like <<my title>>.",
  json: () => "Answer with valid JSON only.",
  lowercase: () => "Write everything in lowercase letters, with no capital letters at all.",
  uppercase: () => "Write everything in capital letters.",
  end_phrase: (i) => `End your answer with the exact phrase "${(i as { phrase: string }).phrase}".`,
  no_commas: () => "Do not use any commas.",
  postscript: (i) => `Add a postscript at the end starting with ${(i as { marker: string }).marker}`,
  quoted: () => "Wrap your whole answer in double quotation marks.",
  sections: (i) => {
    const { n, marker } = i as { n: number; marker: string };
    return `Split it into ${n} sections, each starting with "${marker} X" where X is its number.`;
  },
  placeholders: (i) =>
    `Include at least ${(i as { n: number }).n} placeholders in square brackets, such as [name].`,
};

/** Instruction combinations; each topic takes three of them in turn. */
const combinations: Instruction[][] = [
  [{ type: "words_at_least", n: 80 }],
  [{ type: "paragraphs", n: 3 }, { type: "no_commas" }],
  [{ type: "bullets", n: 4 }, { type: "lowercase" }],
  [{ type: "title" }, { type: "words_at_most", n: 60 }],
  [{ type: "json" }],
  [
    { type: "include_keywords", keywords: ["budget", "weekend"] },
    { type: "end_phrase", phrase: "Is there anything else I can help with?" },
  ],
  [{ type: "exclude_keywords", keywords: ["very", "really"] }, { type: "uppercase" }],
  [
    { type: "sections", n: 2, marker: "SECTION" },
    { type: "postscript", marker: "P.S." },
  ],
  [{ type: "keyword_frequency", keyword: "simple", atLeast: 3 }, { type: "quoted" }],
  [{ type: "placeholders", n: 2 }, { type: "words_at_least", n: 50 }, { type: "no_commas" }],
  [{ type: "paragraphs", n: 2 }, { type: "title" }, { type: "end_phrase", phrase: "That is all." }],
  [
    { type: "bullets", n: 3 },
    { type: "include_keywords", keywords: ["today"] },
    { type: "postscript", marker: "P.P.S" },
  ],
];

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Plain sentences about a topic, without commas and without the excluded words. */
function sentences(topic: string): string[] {
  return [
    `${capitalised(topic)} is something many people think about.`,
    "A little planning makes the whole thing easier.",
    "Start with the basic steps and keep them short.",
    "Small habits add up over a few weeks.",
    "Ask a friend for help when you feel stuck.",
    "Write down what worked so you can repeat it.",
    "Keep the tools you need close at hand.",
    "Take a short break if you feel tired.",
    "Check your progress once a week.",
    "Most of all try to enjoy the process.",
    "Mistakes are normal and teach you something.",
    "A calm start sets the tone for the rest.",
  ];
}

/** A reference answer following every instruction. */
function reference(topic: string, short: string, instructions: Instruction[]): string {
  const has = <T extends Instruction["type"]>(type: T) =>
    instructions.find((instruction) => instruction.type === type) as
      | Extract<Instruction, { type: T }>
      | undefined;
  const pool = sentences(topic);
  if (has("json")) return JSON.stringify({ topic, tips: pool.slice(1, 4) }, null, 2);
  const minimum = has("words_at_least")?.n ?? 0;
  const maximum = has("words_at_most")?.n ?? Number.POSITIVE_INFINITY;
  const extra: string[] = [];
  const include = has("include_keywords");
  if (include) extra.push(`This plan fits a ${include.keywords.join(" and a ")} view of ${short}.`);
  const frequency = has("keyword_frequency");
  if (frequency)
    extra.push(
      ...Array.from({ length: frequency.atLeast }, (_, index) => `Tip ${index + 1} is ${frequency.keyword}.`),
    );
  if (has("placeholders")) extra.push("Send the plan to [name] at [email address].");
  const bullets = has("bullets");
  const sections = has("sections");
  const blocks = bullets ? 1 : (has("paragraphs")?.n ?? sections?.n ?? 1);
  let body: string[][] = Array.from({ length: blocks }, () => []);
  let next = 0;
  const total = () => body.flat().join(" ") + extra.join(" ");
  const add = (index: number) => {
    (body[index % blocks] as string[]).push(pool[next % pool.length] as string);
    next += 1;
  };
  for (let index = 0; index < Math.max(blocks, 2); index += 1) add(index);
  while (countWords(total()) < minimum + 5) add(next);
  while (countWords(total()) > maximum - 8 && body.flat().length > blocks) {
    body = body.map((block) => (block.length > 1 ? block.slice(0, -1) : block));
  }
  (body[body.length - 1] as string[]).push(...extra);
  let text: string;
  if (bullets) {
    const items = [...(body[0] as string[])];
    while (items.length < bullets.n) items.push(pool[next++ % pool.length] as string);
    const head = items.slice(0, bullets.n - 1);
    const tail = items.slice(bullets.n - 1).join(" ");
    text = [...head, tail].map((item) => `* ${item}`).join("\n");
  } else if (sections) {
    text = body.map((block, index) => `${sections.marker} ${index + 1}\n${block.join(" ")}`).join("\n\n");
  } else text = body.map((block) => block.join(" ")).join("\n\n");
  if (has("title")) text = `<<${capitalised(short)} notes>>\n${text}`;
  const postscript = has("postscript");
  if (postscript) text += `\n${postscript.marker} Good luck with ${short}.`;
  const end = has("end_phrase");
  if (end) text += ` ${end.phrase}`;
  if (has("lowercase")) text = text.toLowerCase();
  if (has("uppercase")) text = text.toUpperCase();
  if (has("quoted")) text = `"${text}"`;
  return text;
}

const lines: string[] = [];
topics.forEach(([topic, short], topicIndex) => {
  for (let offset = 0; offset < 3; offset += 1) {
    const instructions = combinations[(topicIndex * 3 + offset) % combinations.length] as Instruction[];
    const prompt = `Write a short note about ${topic}. ${instructions.map((instruction) => phrase[instruction.type](instruction)).join(" ")}`;
    const id = `loops_${String(lines.length).padStart(3, "0")}`;
    const category = instructions.length === 1 ? "one" : instructions.length === 2 ? "two" : "three";
    lines.push(
      JSON.stringify({
        id,
        category,
        prompt,
        instructions,
        reference: reference(topic, short, instructions),
      }),
    );
  }
});
writeFileSync(new URL("../data/suites/loops/instructions.jsonl", import.meta.url), `${lines.join("\n")}\n`);
console.log(`${lines.length} prompts`);
