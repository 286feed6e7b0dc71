/** The keyword table that points a typed need at a category, and the text matching it uses. */

/**
 * Lower case, '&' read as 'and', everything but letters and digits turned into single spaces, and a
 * space at each end so phrases can be found on word boundaries with a plain substring search.
 */
export function normalizeForMatching(text: string): string {
  const words = text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/&/g, ' and ')
    .replace(/[’']/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
  return words ? ` ${words} ` : ' ';
}

/** Endings a typed word may add to a keyword: leak -> leaks, leaking, leaked, leaky; paint -> painter. */
const WORD_ENDINGS = ['', 's', 'es', 'ed', 'ing', 'er', 'ers', 'y'];

/** Whether a phrase occurs in normalized text on word boundaries, allowing common endings. */
export function containsPhrase(normalizedText: string, phrase: string): boolean {
  const wanted = normalizeForMatching(phrase).trim();
  if (!wanted) return false;
  return WORD_ENDINGS.some((ending) => normalizedText.includes(` ${wanted}${ending} `));
}

export interface KeywordEntry {
  category: string;
  /** A catalogue service, or null for words that only point at the category group. */
  service: string | null;
  keywords: readonly string[];
}

/** A keyword list written as one comma-separated string, so the table stays one line per entry. */
function words(list: string): readonly string[] {
  return list
    .split(',')
    .map((w) => w.trim())
    .filter(Boolean);
}

/**
 * Words people type, per service and per category group. Longer phrases weigh more, so 'leaking roof'
 * beats 'leak' and 'walk my dog' beats 'dog'.
 */
export const ASSISTANT_KEYWORDS: readonly KeywordEntry[] = [
  // Experiences
  {
    category: 'Experiences',
    service: null,
    keywords: words('day out, gift experience, something fun, fun activity'),
  },
  {
    category: 'Experiences',
    service: 'Art Classes',
    keywords: words(
      'art class, art lesson, painting class, drawing class, pottery, ceramics, drawing, sketching, watercolour, watercolor, sculpture, craft workshop, life drawing',
    ),
  },
  {
    category: 'Experiences',
    service: 'Entertainment',
    keywords: words(
      'entertainer, entertainment, magician, clown, dj, live music, band, musician, singer, face painting, kids party, birthday party, party entertainment, comedian, performer, karaoke',
    ),
  },
  {
    category: 'Experiences',
    service: 'Horse Riding',
    keywords: words(
      'horse riding, horse ride, horseback, pony, trail ride, equestrian, riding lesson, horse',
    ),
  },
  {
    category: 'Experiences',
    service: 'Photography',
    keywords: words(
      'photographer, photography, photo, photograph, photo shoot, photoshoot, portrait, headshot, wedding photos, videographer, video shoot, family photos, drone footage',
    ),
  },
  {
    category: 'Experiences',
    service: 'Tours & Activities',
    keywords: words(
      'tour, guided tour, day trip, excursion, sightseeing, kayak, kayaking, surf lesson, surfing lesson, wine tasting, escape room, adventure, activity, activities, snorkelling, scuba',
    ),
  },
  // Home & Property Services
  {
    category: 'Home & Property Services',
    service: null,
    keywords: words('house, home, property, maintenance, apartment, flat, unit'),
  },
  {
    category: 'Home & Property Services',
    service: 'Cleaning',
    keywords: words(
      'clean, cleaner, cleaning, deep clean, house clean, spring clean, vacuum, mop, dusting, tidy, carpet clean, oven clean, bathroom clean, housekeeper, maid',
    ),
  },
  {
    category: 'Home & Property Services',
    service: 'Electrical',
    keywords: words(
      'electrician, electrical, electric, electricity, sparky, wiring, rewire, power point, powerpoint, power outlet, outlet, socket, light switch, switchboard, fuse, circuit breaker, breaker, light fitting, downlight, ceiling fan, smoke alarm, no power, power outage, lights not working',
    ),
  },
  {
    category: 'Home & Property Services',
    service: 'Gardening',
    keywords: words(
      'garden, gardener, gardening, lawn, mow, mowing, grass, hedge, weed, weeding, prune, pruning, tree trim, landscaping, landscape, yard work, yard, mulch, leaves, backyard',
    ),
  },
  {
    category: 'Home & Property Services',
    service: 'Handyman',
    keywords: words(
      'handyman, handy man, odd job, odd jobs, fix, repair, assemble, assembly, flat pack, flatpack, ikea, furniture assembly, mount a tv, mount my tv, tv mount, wall mount, shelf, shelves, door handle, hinge, curtain rod, hang pictures, picture hanging, blinds',
    ),
  },
  {
    category: 'Home & Property Services',
    service: 'Plumbing',
    keywords: words(
      'plumber, plumbing, leak, leaking, leaky, tap, taps, faucet, pipe, pipes, piping, drain, blocked drain, clogged, clog, blocked, toilet, sink, shower, hot water, water heater, burst, burst pipe, sewer, gas fitter, gas fitting, water pressure, dripping',
    ),
  },
  {
    category: 'Home & Property Services',
    service: 'Pool Maintenance',
    keywords: words(
      'pool, swimming pool, pool clean, pool pump, pool filter, chlorine, spa pool, hot tub, green pool',
    ),
  },
  {
    category: 'Home & Property Services',
    service: 'Pest Control',
    keywords: words(
      'pest, pests, exterminator, termite, cockroach, cockroaches, roach, rat, rats, mice, mouse, ant, ants, spider, spiders, wasp, wasps, bees nest, bed bugs, fleas, fumigation, possum, rodent',
    ),
  },
  // Pet Services
  {
    category: 'Pet Services',
    service: null,
    keywords: words(
      'pet, pets, dog, dogs, puppy, cat, cats, kitten, rabbit, bird, guinea pig, poodle, labrador',
    ),
  },
  {
    category: 'Pet Services',
    service: 'Dog Walking',
    keywords: words(
      'dog walk, dog walker, dog walking, walk my dog, walk the dog, walk our dog, walks for my dog, walking my dog',
    ),
  },
  {
    category: 'Pet Services',
    service: 'Pet Care',
    keywords: words(
      'pet care, feed my cat, feed my dog, feed the cat, cat feeding, pet visit, check on my pet, look after my cat, look after my pet, medication for my dog',
    ),
  },
  {
    category: 'Pet Services',
    service: 'Pet Grooming',
    keywords: words(
      'groom, groomer, grooming, dog wash, wash my dog, nail trim, clip my dog, dog clip, de shedding, flea bath',
    ),
  },
  {
    category: 'Pet Services',
    service: 'Pet Sitting',
    keywords: words(
      'pet sitter, pet sitting, dog sitter, cat sitter, house sit, house sitter, boarding, kennel, cattery, mind my dog, look after my dog, dog minding, while i am away, while im away, on holiday',
    ),
  },
  {
    category: 'Pet Services',
    service: 'Pet Training',
    keywords: words(
      'dog trainer, dog training, puppy training, puppy school, obedience, train my dog, train my puppy, barking, pulls on the lead, behaviour, behavior',
    ),
  },
  // Personal Care & Lifestyle
  {
    category: 'Personal Care & Lifestyle',
    service: null,
    keywords: words('lifestyle, wellbeing, wellness, self care, pamper'),
  },
  {
    category: 'Personal Care & Lifestyle',
    service: 'Fitness',
    keywords: words(
      'fitness, gym, workout, exercise, yoga, pilates, boot camp, bootcamp, get fit, lose weight, weight loss, zumba, stretching, running coach',
    ),
  },
  {
    category: 'Personal Care & Lifestyle',
    service: 'Hair & Beauty',
    keywords: words(
      'hair, haircut, hairdresser, barber, stylist, makeup, make up, nails, manicure, pedicure, facial, wax, waxing, lashes, eyelash, brows, beauty, blow dry, bridal hair, highlights, beautician',
    ),
  },
  {
    category: 'Personal Care & Lifestyle',
    service: 'Massage',
    keywords: words(
      'massage, masseuse, massage therapist, remedial, deep tissue, relaxation, sore back, back pain, stiff neck, sports massage',
    ),
  },
  {
    category: 'Personal Care & Lifestyle',
    service: 'Personal Training',
    keywords: words(
      'personal trainer, personal training, pt session, one on one training, strength training, trainer',
    ),
  },
  {
    category: 'Personal Care & Lifestyle',
    service: 'Tutoring',
    keywords: words(
      'tutor, tutoring, tuition, homework, maths, math, english, science, physics, chemistry, exam prep, exam, hsc, study help, reading help, language lesson, french, spanish, piano, guitar, music lesson, singing lesson, coding lesson, lessons, year 10, year 12, school',
    ),
  },
  // Vehicle & Transportation
  {
    category: 'Vehicle & Transportation',
    service: null,
    keywords: words('car, cars, vehicle, van, ute, truck, motorbike, motorcycle, transport'),
  },
  {
    category: 'Vehicle & Transportation',
    service: 'Car Detailing',
    keywords: words(
      'car wash, wash my car, detailing, detail my car, car detail, car clean, valet, cut and polish, interior clean, wax my car, paint protection',
    ),
  },
  {
    category: 'Vehicle & Transportation',
    service: 'Car Repair',
    keywords: words(
      'mechanic, car repair, car service, service my car, brakes, brake, engine, flat tyre, flat tire, tyre, tire, car battery, oil change, roadworthy, rego check, wont start, check engine, windscreen, panel beater, gearbox, clutch, transmission',
    ),
  },
  {
    category: 'Vehicle & Transportation',
    service: 'Courier & Delivery',
    keywords: words(
      'courier, delivery, deliver, parcel, package, pick up and drop off, drop off, send a package, same day delivery, pickup',
    ),
  },
  {
    category: 'Vehicle & Transportation',
    service: 'Moving',
    keywords: words(
      'move, moving, movers, move house, moving house, moving out, moving in, relocate, relocation, relocating, packing, boxes, new flat, new house, new place',
    ),
  },
  {
    category: 'Vehicle & Transportation',
    service: 'Removalist',
    keywords: words(
      'removalist, removalists, removal, removals, furniture removal, man with a van, man and van, piano removal, rubbish removal, junk removal',
    ),
  },
  // Renovation & Home Improvement
  {
    category: 'Renovation & Home Improvement',
    service: null,
    keywords: words(
      'renovation, renovate, renovating, reno, remodel, extension, builder, building work, plaster, plasterer, drywall, bathroom renovation, kitchen renovation',
    ),
  },
  {
    category: 'Renovation & Home Improvement',
    service: 'Carpentry',
    keywords: words(
      'carpenter, carpentry, joiner, joinery, deck, decking, pergola, timber, woodwork, wood work, cabinet, cabinets, built in wardrobe, wardrobe, skirting, door frame, fence, fencing, stairs',
    ),
  },
  {
    category: 'Renovation & Home Improvement',
    service: 'Flooring',
    keywords: words(
      'floor, flooring, floorboards, floor boards, carpet laying, new carpet, laminate, vinyl, timber floor, floor sanding, sand the floors, polish the floors, hybrid flooring',
    ),
  },
  {
    category: 'Renovation & Home Improvement',
    service: 'Painting',
    keywords: words(
      'paint, painter, painting, repaint, walls, wallpaper, feature wall, touch up, exterior paint, ceiling paint, colour',
    ),
  },
  {
    category: 'Renovation & Home Improvement',
    service: 'Roofing',
    keywords: words(
      'roof, roofer, roofing, leaking roof, leaky roof, roof leak, roof is leaking, roof tiles, skylight, flashing, gutter repair, metal roof, colorbond',
    ),
  },
  {
    category: 'Renovation & Home Improvement',
    service: 'Tiling',
    keywords: words('tile, tiles, tiler, tiling, grout, regrout, re grout, splashback, waterproofing'),
  },
  // Everyday Household Needs
  {
    category: 'Everyday Household Needs',
    service: null,
    keywords: words('household, errand, errands, chores'),
  },
  {
    category: 'Everyday Household Needs',
    service: 'Appliance Repair',
    keywords: words(
      'appliance, appliances, washing machine, dishwasher, fridge, refrigerator, freezer, oven, dryer, tumble dryer, microwave, stove, cooktop, rangehood, air conditioner, air conditioning, aircon, air con',
    ),
  },
  {
    category: 'Everyday Household Needs',
    service: 'Grocery Delivery',
    keywords: words(
      'grocery, groceries, shopping, supermarket, food shopping, do my shopping, pick up groceries',
    ),
  },
  {
    category: 'Everyday Household Needs',
    service: 'Ironing & Laundry',
    keywords: words(
      'ironing, iron my, laundry, washing clothes, wash and fold, dry cleaning, folding, shirts',
    ),
  },
  {
    category: 'Everyday Household Needs',
    service: 'Meal Preparation',
    keywords: words(
      'meal prep, meal, meals, cook, cooking, chef, private chef, dinner, lunches, healthy meals',
    ),
  },
  {
    category: 'Everyday Household Needs',
    service: 'Window Cleaning',
    keywords: words('window, windows, window cleaner, clean the windows, glass, fly screens, flyscreens'),
  },
  // Occasional/Seasonal Services
  {
    category: 'Occasional/Seasonal Services',
    service: null,
    keywords: words('seasonal, occasional, one off, christmas, xmas, winter, summer, holidays'),
  },
  {
    category: 'Occasional/Seasonal Services',
    service: 'Christmas Lights',
    keywords: words(
      'christmas lights, xmas lights, christmas decorations, festive lights, fairy lights, christmas tree, holiday lights',
    ),
  },
  {
    category: 'Occasional/Seasonal Services',
    service: 'End of Lease Cleaning',
    keywords: words(
      'end of lease, bond clean, bond cleaning, vacate clean, vacate cleaning, move out clean, exit clean, get my bond back',
    ),
  },
  {
    category: 'Occasional/Seasonal Services',
    service: 'Event Setup',
    keywords: words(
      'event, events, party setup, party set up, event setup, wedding setup, marquee, tables and chairs, decorations, balloons, catering, event hire, set up for a party',
    ),
  },
  {
    category: 'Occasional/Seasonal Services',
    service: 'Gutter Cleaning',
    keywords: words('gutter, gutters, downpipe, downpipes, leaves in the gutter, clean the gutters'),
  },
  {
    category: 'Occasional/Seasonal Services',
    service: 'Snow & Storm Cleanup',
    keywords: words(
      'storm, storm damage, fallen tree, tree down, tree fell, flood, flooding, flooded, snow, snow removal, debris, hail damage, hail, cyclone, cleanup after the storm',
    ),
  },
];
