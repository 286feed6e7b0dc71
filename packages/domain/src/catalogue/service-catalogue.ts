/**
 * The service catalogue seeded into service_categories: the spec's eight category groups
 * (2-customer §9), each with its services. Covers every service type the spec names
 * (the typical-budget types and the home screen's business types).
 */
export const SERVICE_CATALOGUE: readonly { category: string; services: readonly string[] }[] = [
  {
    category: 'Experiences',
    services: ['Art Classes', 'Entertainment', 'Horse Riding', 'Photography', 'Tours & Activities'],
  },
  {
    category: 'Home & Property Services',
    services: [
      'Cleaning',
      'Electrical',
      'Gardening',
      'Handyman',
      'Plumbing',
      'Pool Maintenance',
      'Pest Control',
    ],
  },
  {
    category: 'Pet Services',
    services: ['Dog Walking', 'Pet Care', 'Pet Grooming', 'Pet Sitting', 'Pet Training'],
  },
  {
    category: 'Personal Care & Lifestyle',
    services: ['Fitness', 'Hair & Beauty', 'Massage', 'Personal Training', 'Tutoring'],
  },
  {
    category: 'Vehicle & Transportation',
    services: ['Car Detailing', 'Car Repair', 'Courier & Delivery', 'Moving', 'Removalist'],
  },
  {
    category: 'Renovation & Home Improvement',
    services: ['Carpentry', 'Flooring', 'Painting', 'Roofing', 'Tiling'],
  },
  {
    category: 'Everyday Household Needs',
    services: [
      'Appliance Repair',
      'Grocery Delivery',
      'Ironing & Laundry',
      'Meal Preparation',
      'Window Cleaning',
    ],
  },
  {
    category: 'Occasional/Seasonal Services',
    services: [
      'Christmas Lights',
      'End of Lease Cleaning',
      'Event Setup',
      'Gutter Cleaning',
      'Snow & Storm Cleanup',
    ],
  },
];

/** All (category, service) rows, ordered by category then service as the spec lists them. */
export function catalogueRows(): { categoryName: string; serviceName: string }[] {
  return SERVICE_CATALOGUE.flatMap(({ category, services }) =>
    services.map((service) => ({ categoryName: category, serviceName: service })),
  ).sort((a, b) =>
    a.categoryName === b.categoryName
      ? a.serviceName.localeCompare(b.serviceName)
      : a.categoryName.localeCompare(b.categoryName),
  );
}
