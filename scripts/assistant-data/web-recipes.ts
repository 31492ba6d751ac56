/**
 * Recipe pages: ingredients with quantities, method, timings and tips, on two cooking sites.
 */
import type { SeededRandom } from "./random.js";
import { dateBetween, type GeneratedPage, listText, slug } from "./web-page.js";

type Dish = [name: string, cuisine: string, course: string, ingredients: string[], method: string[]];

// biome-ignore format: a data table, one row per line
const dishes: Dish[] = [
  ["Mushroom Risotto", "Italian", "main", ["1 cup arborio rice", "4 cups warm vegetable stock", "250 g mixed mushrooms", "1 shallot, diced", "1/2 cup dry white wine", "1/2 cup grated parmesan", "2 tbsp butter"], ["Sauté the mushrooms in half the butter until golden, then set aside.", "Soften the shallot, add the rice and toast for two minutes.", "Pour in the wine and stir until absorbed.", "Add stock a ladle at a time, stirring, for about 18 minutes.", "Stir in the mushrooms, parmesan and remaining butter; rest 2 minutes."]],
  ["Classic Banana Bread", "American", "baking", ["3 very ripe bananas", "1/3 cup melted butter", "3/4 cup sugar", "1 egg", "1 tsp vanilla", "1 tsp baking soda", "pinch of salt", "1 1/2 cups flour"], ["Heat the oven to 350F (175C) and grease a loaf pan.", "Mash the bananas and mix in the butter.", "Stir in sugar, egg and vanilla, then baking soda and salt.", "Fold in the flour until just combined.", "Bake 55 to 65 minutes, until a skewer comes out clean."]],
  ["Pastel de Nata", "Portuguese", "dessert", ["1 sheet puff pastry", "3 egg yolks", "1/2 cup sugar", "1 cup whole milk", "2 tbsp flour", "1 cinnamon stick", "strip of lemon peel"], ["Roll the pastry into a log and cut 12 discs; press into a muffin tin.", "Boil sugar with 1/3 cup water to a light syrup.", "Warm the milk with cinnamon and lemon, whisk in flour.", "Whisk in the syrup, then the yolks; strain.", "Fill the cases and bake at the hottest oven setting for 12 to 15 minutes until blistered."]],
  ["Caldo Verde", "Portuguese", "soup", ["4 potatoes", "1 onion", "2 cloves garlic", "200 g kale, very finely shredded", "150 g chouriço, sliced", "olive oil", "6 cups water or stock"], ["Soften onion and garlic in olive oil.", "Add potatoes and water; simmer 20 minutes and blend smooth.", "Add the kale and cook 5 minutes.", "Fry the chouriço slices and serve on top with a drizzle of oil."]],
  ["Shakshuka", "Middle Eastern", "breakfast", ["2 tbsp olive oil", "1 onion", "1 red pepper", "3 cloves garlic", "1 tsp cumin", "1 tsp paprika", "800 g canned tomatoes", "5 eggs", "feta and parsley"], ["Soften onion and pepper in the oil.", "Add garlic and spices for a minute.", "Add tomatoes and simmer 10 minutes until thick.", "Make wells, crack in the eggs, cover and cook 6 to 8 minutes.", "Top with feta and parsley."]],
  ["Chickpea Curry", "Indian", "main", ["2 cans chickpeas", "1 onion", "2 tbsp curry paste", "1 can coconut milk", "200 g spinach", "1 tbsp ginger", "rice to serve"], ["Fry the onion and ginger until soft.", "Add curry paste for a minute.", "Add chickpeas and coconut milk; simmer 15 minutes.", "Stir in spinach until wilted; season and serve with rice."]],
  ["Lemon Garlic Roast Chicken", "American", "main", ["1 whole chicken (1.6 kg)", "1 lemon", "1 head garlic", "2 tbsp butter", "thyme", "salt and pepper"], ["Heat the oven to 425F (220C).", "Rub the chicken with butter, salt and pepper.", "Stuff with the halved lemon, garlic and thyme.", "Roast about 75 minutes, until the thigh reaches 165F (74C).", "Rest 10 minutes before carving."]],
  ["Grilled Peach and Burrata Salad", "Italian", "salad", ["3 ripe peaches", "1 ball burrata", "handful of basil", "2 tbsp olive oil", "1 tbsp balsamic", "flaky salt"], ["Halve the peaches and grill cut side down for 3 minutes.", "Tear the burrata over a platter.", "Add the peaches and basil.", "Dress with oil, balsamic and salt."]],
  ["Watermelon Feta Salad", "Greek", "salad", ["4 cups watermelon cubes", "150 g feta", "1/2 red onion", "mint leaves", "1 lime", "olive oil"], ["Slice the onion thinly and soak in lime juice for 5 minutes.", "Combine watermelon, feta and mint.", "Add the onion and dress with oil."]],
  ["Black Bean Tacos", "Mexican", "main", ["2 cans black beans", "8 corn tortillas", "1 avocado", "1 lime", "1 tsp cumin", "pickled onions", "cilantro", "salsa"], ["Warm the beans with cumin and mash lightly.", "Char the tortillas in a dry pan.", "Fill with beans, avocado, onions and cilantro.", "Finish with lime and salsa."]],
  ["Overnight Oats", "American", "breakfast", ["1/2 cup rolled oats", "1/2 cup milk or oat milk", "1/4 cup yogurt", "1 tbsp chia seeds", "1 tsp maple syrup", "berries"], ["Stir everything except the berries in a jar.", "Refrigerate overnight.", "Top with berries in the morning."]],
  ["Pad Thai", "Thai", "main", ["200 g rice noodles", "2 eggs", "200 g tofu or shrimp", "3 tbsp tamarind paste", "2 tbsp fish sauce", "1 tbsp sugar", "bean sprouts", "peanuts", "lime"], ["Soak the noodles in warm water 20 minutes.", "Mix tamarind, fish sauce and sugar.", "Stir-fry the tofu, push aside and scramble the eggs.", "Add noodles and sauce; toss 2 minutes.", "Add sprouts; serve with peanuts and lime."]],
  ["Minestrone", "Italian", "soup", ["1 onion", "2 carrots", "2 celery stalks", "1 zucchini", "1 can cannellini beans", "1 can tomatoes", "1 cup small pasta", "6 cups stock", "parmesan rind"], ["Soften onion, carrot and celery.", "Add zucchini, tomatoes, stock and the rind; simmer 20 minutes.", "Add beans and pasta; cook until tender.", "Season and serve with parmesan."]],
  ["Salmon with Dill Yogurt", "Scandinavian", "main", ["2 salmon fillets", "1/2 cup Greek yogurt", "dill", "1 lemon", "1 tsp mustard", "salt"], ["Season the salmon and roast at 400F (200C) for 12 minutes.", "Mix yogurt, dill, lemon and mustard.", "Serve the salmon with the sauce and potatoes."]],
  ["Fresh Egg Pasta", "Italian", "basics", ["200 g 00 flour", "2 eggs", "pinch of salt"], ["Make a well in the flour and crack in the eggs.", "Mix with a fork, then knead 8 to 10 minutes until smooth.", "Wrap and rest 30 minutes.", "Roll thin and cut into tagliatelle.", "Cook 2 to 3 minutes in salted boiling water."]],
  ["Vegetable Stir-Fry", "Chinese", "main", ["1 head broccoli", "1 red pepper", "1 carrot", "snap peas", "2 tbsp soy sauce", "1 tbsp oyster sauce", "1 tsp cornstarch", "garlic and ginger"], ["Mix the sauces with cornstarch and 3 tbsp water.", "Stir-fry the hard vegetables first over high heat.", "Add garlic, ginger and the rest.", "Pour in the sauce and toss until glossy."]],
  ["Charred Corn Salad", "Mexican", "salad", ["4 ears corn", "1 jalapeño", "1/2 red onion", "cotija cheese", "2 limes", "cilantro", "chili powder"], ["Char the corn on a grill or dry pan and cut off the kernels.", "Mix with chopped jalapeño and onion.", "Dress with lime, chili and cilantro; top with cotija."]],
  ["Lentil Soup", "Middle Eastern", "soup", ["1 cup red lentils", "1 onion", "1 carrot", "2 tsp cumin", "1 tsp turmeric", "6 cups stock", "1 lemon"], ["Soften onion and carrot.", "Add spices, lentils and stock; simmer 25 minutes.", "Blend until smooth and finish with lemon."]],
  ["Sourdough Pancakes", "American", "breakfast", ["1 cup sourdough discard", "1 cup flour", "1 cup milk", "1 egg", "1 tbsp sugar", "1 tsp baking soda", "butter"], ["Mix discard, flour, milk, egg and sugar.", "Stir in the baking soda just before cooking.", "Cook ladlefuls on a buttered pan until bubbles form; flip."]],
  ["Bacalhau à Brás", "Portuguese", "main", ["400 g soaked salt cod", "400 g potatoes, cut into matchsticks", "1 onion", "6 eggs", "black olives", "parsley", "olive oil"], ["Fry the potato matchsticks until crisp.", "Soften the onion, add the flaked cod.", "Add potatoes, then beaten eggs; stir until just set.", "Finish with olives and parsley."]],
  ["Greek Chicken Souvlaki", "Greek", "main", ["600 g chicken thigh", "1 lemon", "3 tbsp olive oil", "2 tsp oregano", "garlic", "pita", "tzatziki"], ["Marinate the chicken in lemon, oil, oregano and garlic for an hour.", "Thread onto skewers and grill 10 to 12 minutes.", "Serve in pita with tzatziki."]],
  ["Chocolate Chip Cookies", "American", "baking", ["1 cup butter, softened", "3/4 cup brown sugar", "1/2 cup sugar", "2 eggs", "2 1/4 cups flour", "1 tsp baking soda", "1 tsp salt", "2 cups chocolate chips"], ["Cream butter and sugars.", "Beat in eggs, then flour, soda and salt.", "Fold in the chips and chill 30 minutes.", "Bake at 375F (190C) for 9 to 11 minutes."]],
  ["Gazpacho", "Spanish", "soup", ["1 kg ripe tomatoes", "1 cucumber", "1 green pepper", "1 clove garlic", "2 tbsp sherry vinegar", "1/3 cup olive oil", "stale bread"], ["Roughly chop the vegetables.", "Blend with garlic, vinegar and bread.", "Stream in the oil while blending.", "Chill at least 2 hours."]],
  ["Teriyaki Tofu Bowl", "Japanese", "main", ["400 g firm tofu", "3 tbsp soy sauce", "2 tbsp mirin", "1 tbsp honey", "rice", "edamame", "sesame seeds"], ["Press and cube the tofu; pan-fry until golden.", "Simmer soy, mirin and honey until syrupy.", "Toss the tofu in the sauce and serve over rice with edamame."]],
  ["Ratatouille", "French", "main", ["1 eggplant", "2 zucchini", "1 red pepper", "1 onion", "4 tomatoes", "garlic", "thyme", "olive oil"], ["Cook each vegetable separately in olive oil until soft.", "Combine with tomatoes, garlic and thyme.", "Simmer gently 30 minutes."]],
];

const sites = [
  { host: "www.cookscorner.example.com", name: "Cook's Corner", path: "recipes" },
  { host: "weeknightkitchen.example.org", name: "Weeknight Kitchen", path: "r" },
];

const tips = [
  "Leftovers keep in the fridge for up to three days in an airtight container.",
  "Taste and season at the end; salt levels vary a lot between stocks and cheeses.",
  "You can halve this recipe easily.",
  "Prep all ingredients before you start; the cooking goes quickly.",
  "A heavy pan gives the most even heat.",
  "This freezes well for up to two months.",
];

/** About two pages per dish, from two sites with different servings, timings and tips. */
export function recipePages(random: SeededRandom): GeneratedPage[] {
  const pages: GeneratedPage[] = [];
  for (const [name, cuisine, course, ingredients, method] of dishes) {
    for (const site of sites) {
      const servings = random.int(2, 6);
      const prep = random.int(2, 6) * 5;
      const cook = random.int(2, 12) * 5;
      const rating = (random.int(38, 50) / 10).toFixed(1);
      const reviews = random.int(12, 640);
      const title = site === sites[0] ? `${name} Recipe` : `Easy ${name} (${cuisine})`;
      const text = [
        `${name}, from ${site.name}. Cuisine: ${cuisine}. Course: ${course}. Serves ${servings}. Prep ${prep} minutes, cook ${cook} minutes. Rated ${rating} out of 5 by ${reviews} cooks.`,
        `Ingredients: ${ingredients.join("; ")}.`,
        `Method: ${method.map((step, index) => `${index + 1}. ${step}`).join(" ")}`,
        `Tips: ${listText(random.sample(tips, 2))}`,
      ].join("\n\n");
      pages.push({
        url: `https://${site.host}/${site.path}/${slug(name)}`,
        title,
        category: "recipe",
        published: dateBetween(random.next(), [1, 10], [5, 30]),
        text,
      });
    }
  }
  return pages;
}
