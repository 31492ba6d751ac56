/**
 * The shop catalog of the default world; the web corpus reviews some of these items.
 * Columns: id, name, category, brand, price (dollars), stock, rating, description.
 */

/** One catalog item as the world fixture stores it. */
export interface CatalogItem {
  id: string;
  name: string;
  category: string;
  brand: string;
  priceCents: number;
  stock: number;
  rating: number;
  description: string;
}

type Row = [string, string, string, string, number, number, number, string];

// biome-ignore format: a data table, one row per line
const rows: Row[] = [
  ["itm-1001", "Aurora X2 Wireless Earbuds", "electronics", "Aurora", 79.99, 24, 4.4, "True wireless earbuds with active noise cancelling, 7-hour battery (28 with the case), USB-C charging and IPX4 splash resistance."],
  ["itm-1002", "Aurora X2 Pro Wireless Earbuds", "electronics", "Aurora", 149.0, 8, 4.6, "The Pro model adds adaptive noise cancelling, wireless charging and multipoint Bluetooth 5.3 for two devices at once."],
  ["itm-1003", "Lumen 10 Tablet 64 GB", "electronics", "Lumen", 229.0, 5, 4.1, "10.4-inch tablet with a 2K display, 64 GB storage, microSD slot and 12-hour battery life. Wi-Fi only."],
  ["itm-1004", "VoltPack 20000 mAh Power Bank", "electronics", "VoltPack", 39.95, 40, 4.5, "Charges a phone about four times; two USB-C ports with 30 W fast charging and one USB-A port."],
  ["itm-1005", "Halo Smart Speaker Mini", "electronics", "Halo", 49.0, 18, 4.0, "Compact smart speaker with voice assistant, room-filling sound and a privacy switch for the microphones."],
  ["itm-1006", "Kestrel 4K Streaming Stick", "electronics", "Kestrel", 44.99, 30, 4.3, "Streams 4K HDR with Dolby Vision; includes a voice remote with TV power and volume buttons."],
  ["itm-1007", "USB-C Charging Cable 2 m (2-pack)", "electronics", "VoltPack", 12.99, 120, 4.7, "Braided USB-C to USB-C cables rated for 60 W charging and USB 2.0 data."],
  ["itm-1008", "Orbit Wireless Mouse", "electronics", "Orbit", 24.5, 60, 4.2, "Quiet-click wireless mouse with a USB receiver and Bluetooth, 18-month battery life on one AA battery."],
  ["itm-1009", "Orbit Mechanical Keyboard TKL", "electronics", "Orbit", 89.0, 12, 4.5, "Tenkeyless mechanical keyboard with hot-swappable brown switches and white backlight."],
  ["itm-1010", "Pixelcam Home Security Camera", "electronics", "Pixelcam", 59.99, 0, 3.9, "1080p indoor camera with night vision, two-way audio and motion alerts. Local microSD recording."],
  ["itm-1011", "Trailblazer GPS Running Watch", "electronics", "Trailblazer", 199.0, 7, 4.4, "GPS watch with heart-rate sensor, 14-day battery, interval workouts and swim tracking."],
  ["itm-1012", "Noise-Cancelling Headphones NC700", "electronics", "Aurora", 249.0, 3, 4.7, "Over-ear headphones with 30-hour battery, adaptive noise cancelling and a foldable travel case."],
  ["itm-2001", "Brewmaster 12-Cup Coffee Maker", "kitchen", "Brewmaster", 64.99, 15, 4.3, "Programmable drip coffee maker with a thermal carafe, brew-strength control and a 24-hour timer."],
  ["itm-2002", "Pour-Over Coffee Kettle 1 L", "kitchen", "Brewmaster", 34.0, 22, 4.6, "Gooseneck stainless kettle for stovetop or induction, with a built-in thermometer."],
  ["itm-2003", "Cast Iron Skillet 26 cm", "kitchen", "Forge & Co", 29.99, 35, 4.8, "Pre-seasoned cast iron skillet for searing, baking and campfire cooking. Lasts a lifetime."],
  ["itm-2004", "Chef's Knife 20 cm", "kitchen", "Forge & Co", 54.0, 14, 4.6, "High-carbon stainless steel chef's knife with a full tang and a balanced riveted handle."],
  ["itm-2005", "Silicone Baking Mat Set (2)", "kitchen", "HomeBake", 15.99, 80, 4.5, "Non-stick reusable baking mats sized for half-sheet pans, oven-safe to 250 °C."],
  ["itm-2006", "Loaf Pan, Non-Stick, 23 x 13 cm", "kitchen", "HomeBake", 12.5, 50, 4.4, "Heavy-gauge steel loaf pan for banana bread, pound cake and sandwich bread."],
  ["itm-2007", "Digital Kitchen Scale", "kitchen", "HomeBake", 19.99, 45, 4.6, "Weighs to 5 kg in 1 g steps, with tare, unit switch and an easy-clean glass top."],
  ["itm-2008", "Electric Kettle 1.7 L", "kitchen", "Brewmaster", 39.0, 0, 4.2, "Fast-boil cordless kettle with auto shut-off and boil-dry protection."],
  ["itm-2009", "Air Fryer 5.5 L", "kitchen", "Crispwell", 99.0, 9, 4.4, "Family-size air fryer with eight presets, a dishwasher-safe basket and a shake reminder."],
  ["itm-2010", "Glass Meal Prep Containers (10)", "kitchen", "Crispwell", 32.99, 28, 4.3, "Oven-safe glass containers with leak-proof snap lids, microwave and dishwasher safe."],
  ["itm-2011", "Blender 1200 W", "kitchen", "Crispwell", 79.0, 11, 4.2, "High-speed blender with a 2-litre jar, pulse and smoothie programs and a tamper."],
  ["itm-3001", "Linen Duvet Cover Queen", "home", "Nestwell", 119.0, 6, 4.5, "Stone-washed linen duvet cover with coconut buttons, in oatmeal."],
  ["itm-3002", "Blackout Curtains 2 x 132 x 213 cm", "home", "Nestwell", 42.0, 19, 4.1, "Thermal blackout curtains with grommets; block 99% of light."],
  ["itm-3003", "LED Desk Lamp with USB Port", "home", "Lumen", 36.99, 25, 4.4, "Dimmable desk lamp with five colour temperatures, a memory function and a USB-A charging port."],
  ["itm-3004", "Smart Plug (4-pack)", "home", "Halo", 29.99, 33, 4.2, "Wi-Fi smart plugs with schedules and energy monitoring; no hub needed."],
  ["itm-3005", "HEPA Air Purifier", "home", "Pureair", 139.0, 4, 4.6, "True HEPA purifier for rooms up to 40 m², quiet sleep mode and filter-change indicator."],
  ["itm-3006", "Cordless Stick Vacuum", "home", "Pureair", 179.0, 5, 4.3, "Lightweight stick vacuum with 40-minute runtime and a wall dock."],
  ["itm-3007", "Bath Towel Set (4)", "home", "Nestwell", 48.0, 27, 4.5, "Thick 600 gsm cotton towels: two bath towels and two hand towels."],
  ["itm-3008", "Houseplant Pot 20 cm, Ceramic", "home", "Greenroom", 18.0, 40, 4.6, "Matte white ceramic pot with a drainage hole and bamboo saucer."],
  ["itm-4001", "The Quiet Harbor (paperback)", "books", "Marlow Press", 16.99, 30, 4.5, "A novel: a lighthouse keeper's daughter pieces together her family's past on the Maine coast."],
  ["itm-4002", "Cooking Without Recipes", "books", "Marlow Press", 27.5, 12, 4.7, "A cookbook about technique: how to build a meal from what's in the fridge."],
  ["itm-4003", "Lisbon Pocket Guide 2025", "books", "Wayfarer Guides", 14.99, 20, 4.3, "Neighbourhoods, trams, food and day trips to Sintra and Cascais, with fold-out maps."],
  ["itm-4004", "Practical Python for Analysts", "books", "Northbeam", 39.99, 9, 4.4, "Data analysis with Python from spreadsheets to dashboards; exercises with solutions."],
  ["itm-4005", "Trail Running for Beginners", "books", "Wayfarer Guides", 19.0, 15, 4.2, "Training plans, gear advice and safety on the trail for new runners."],
  ["itm-4006", "Portuguese Phrasebook", "books", "Wayfarer Guides", 9.99, 25, 4.1, "Everyday phrases with pronunciation, menus decoded and a mini dictionary."],
  ["itm-5001", "Ultralight Daypack 22 L", "outdoors", "Trailblazer", 69.0, 13, 4.5, "Packable 22-litre daypack with a hydration sleeve and rain cover."],
  ["itm-5002", "Insulated Water Bottle 750 ml", "outdoors", "Trailblazer", 27.0, 70, 4.7, "Double-wall stainless bottle; cold for 24 hours, hot for 12."],
  ["itm-5003", "Trekking Poles (pair)", "outdoors", "Trailblazer", 59.0, 10, 4.3, "Aluminium poles with cork grips and quick locks, 105-135 cm."],
  ["itm-5004", "Two-Person Backpacking Tent", "outdoors", "Summit Gear", 189.0, 4, 4.4, "Freestanding 1.9 kg tent with two doors and two vestibules."],
  ["itm-5005", "Camping Headlamp 400 lm", "outdoors", "Summit Gear", 24.99, 55, 4.5, "Rechargeable headlamp with red light mode and a lock against switching on in the bag."],
  ["itm-5006", "Picnic Blanket, Waterproof", "outdoors", "Greenroom", 29.0, 21, 4.2, "Machine-washable 200 x 200 cm blanket with a waterproof backing and carry strap."],
  ["itm-5007", "Beach Umbrella with UV Protection", "outdoors", "Greenroom", 45.0, 0, 4.0, "2-metre umbrella with UPF 50+, tilt and a sand anchor."],
  ["itm-6001", "A5 Dotted Notebook", "office", "Paperleaf", 13.5, 90, 4.8, "192 numbered pages of 100 gsm paper that takes fountain pen ink without bleeding."],
  ["itm-6002", "Gel Pens (12 colours)", "office", "Paperleaf", 9.99, 100, 4.4, "Quick-drying 0.7 mm gel pens in twelve colours."],
  ["itm-6003", "Monitor Stand with Drawer", "office", "Orbit", 34.99, 16, 4.3, "Bamboo monitor riser with a storage drawer and phone slot."],
  ["itm-6004", "Ergonomic Office Chair", "office", "Orbit", 289.0, 3, 4.5, "Mesh office chair with adjustable lumbar support, 4D armrests and a tilt lock."],
  ["itm-6005", "Label Maker", "office", "Paperleaf", 34.0, 12, 4.2, "Handheld label maker with a QWERTY keyboard and 12 mm tape."],
  ["itm-7001", "Electric Toothbrush", "personal care", "Brightsmile", 49.99, 20, 4.5, "Sonic toothbrush with two-minute timer, pressure sensor and travel case."],
  ["itm-7002", "Sunscreen SPF 50, 200 ml", "personal care", "Sunward", 14.0, 65, 4.4, "Water-resistant broad-spectrum sunscreen, fragrance free."],
  ["itm-7003", "Travel Toiletry Bag", "personal care", "Wayfarer", 22.0, 30, 4.6, "Hanging toiletry bag with a hook, clear TSA pouch and water-resistant lining."],
  ["itm-8001", "Wooden Building Blocks (100)", "toys", "Tinker", 34.99, 14, 4.8, "Natural beech blocks in ten shapes, with a storage bag."],
  ["itm-8002", "Family Board Game: River Traders", "toys", "Tinker", 29.99, 11, 4.5, "Trading game for 2-5 players aged 8 and up; 45 minutes."],
  ["itm-8003", "1000-Piece Puzzle: Lisbon Trams", "toys", "Tinker", 19.99, 17, 4.6, "Jigsaw puzzle of yellow trams on a Lisbon hill, 68 x 48 cm."],
  ["itm-9001", "Gift Card $50", "gift cards", "Shop", 50.0, 999, 5, "A $50 gift card for this shop, delivered by email."],
  ["itm-9002", "Gift Card $100", "gift cards", "Shop", 100.0, 999, 5, "A $100 gift card for this shop, delivered by email."],
];

/** The catalog, in id order. */
export const catalog: CatalogItem[] = rows.map(
  ([id, name, category, brand, price, stock, rating, description]) => ({
    id,
    name,
    category,
    brand,
    priceCents: Math.round(price * 100),
    stock,
    rating,
    description,
  }),
);
