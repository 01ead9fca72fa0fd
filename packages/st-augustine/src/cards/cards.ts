import type { StAugustineCard } from './card.js';

/**
 * The shop types, in the order of the rule sheet.
 * @public
 */
export const SHOP_TYPES = [
  'antique-shop',
  'gift-shop',
  'cafe',
  'ice-cream-parlor',
  'pizzeria',
  'art-gallery',
  'restaurant',
  'pub',
  'boutique',
  'bed-and-breakfast',
] as const;

/**
 * The street codes: St George (`g`), King (`k`), Aviles (`v`), Charlotte (`c`), Cordova (`d`).
 * @public
 */
export const STREETS = ['g', 'k', 'v', 'c', 'd'] as const;

/**
 * The street names by code.
 * @public
 */
export const STREET_NAMES = {
  g: 'St George Street',
  k: 'King Street',
  v: 'Aviles Street',
  c: 'Charlotte Street',
  d: 'Cordova Street',
} as const satisfies Record<(typeof STREETS)[number], string>;

/**
 * The 79 cards of the game as data: 50 shops (10 types on 5 streets, id `<type>-<street>`)
 * then 29 attractions (id: the name in kebab-case), each with its effect and params.
 *
 * @remarks
 * A variant changes this table with the `cards` option or `defineVariant`'s `cards`:
 * add an attraction with a new `effect` params, add shops on a new street, remove cards.
 * @public
 */
export const stAugustineCards = [
  {
    id: 'antique-shop-g',
    kind: 'shop',
    name: 'Antique Shop',
    shopType: 'antique-shop',
    street: 'g',
  },
  { id: 'gift-shop-g', kind: 'shop', name: 'Gift Shop', shopType: 'gift-shop', street: 'g' },
  { id: 'cafe-g', kind: 'shop', name: 'Café', shopType: 'cafe', street: 'g' },
  {
    id: 'ice-cream-parlor-g',
    kind: 'shop',
    name: 'Ice Cream Parlor',
    shopType: 'ice-cream-parlor',
    street: 'g',
  },
  { id: 'pizzeria-g', kind: 'shop', name: 'Pizzeria', shopType: 'pizzeria', street: 'g' },
  { id: 'art-gallery-g', kind: 'shop', name: 'Art Gallery', shopType: 'art-gallery', street: 'g' },
  { id: 'restaurant-g', kind: 'shop', name: 'Restaurant', shopType: 'restaurant', street: 'g' },
  { id: 'pub-g', kind: 'shop', name: 'Pub', shopType: 'pub', street: 'g' },
  { id: 'boutique-g', kind: 'shop', name: 'Boutique', shopType: 'boutique', street: 'g' },
  {
    id: 'bed-and-breakfast-g',
    kind: 'shop',
    name: 'Bed & Breakfast',
    shopType: 'bed-and-breakfast',
    street: 'g',
  },
  {
    id: 'antique-shop-k',
    kind: 'shop',
    name: 'Antique Shop',
    shopType: 'antique-shop',
    street: 'k',
  },
  { id: 'gift-shop-k', kind: 'shop', name: 'Gift Shop', shopType: 'gift-shop', street: 'k' },
  { id: 'cafe-k', kind: 'shop', name: 'Café', shopType: 'cafe', street: 'k' },
  {
    id: 'ice-cream-parlor-k',
    kind: 'shop',
    name: 'Ice Cream Parlor',
    shopType: 'ice-cream-parlor',
    street: 'k',
  },
  { id: 'pizzeria-k', kind: 'shop', name: 'Pizzeria', shopType: 'pizzeria', street: 'k' },
  { id: 'art-gallery-k', kind: 'shop', name: 'Art Gallery', shopType: 'art-gallery', street: 'k' },
  { id: 'restaurant-k', kind: 'shop', name: 'Restaurant', shopType: 'restaurant', street: 'k' },
  { id: 'pub-k', kind: 'shop', name: 'Pub', shopType: 'pub', street: 'k' },
  { id: 'boutique-k', kind: 'shop', name: 'Boutique', shopType: 'boutique', street: 'k' },
  {
    id: 'bed-and-breakfast-k',
    kind: 'shop',
    name: 'Bed & Breakfast',
    shopType: 'bed-and-breakfast',
    street: 'k',
  },
  {
    id: 'antique-shop-v',
    kind: 'shop',
    name: 'Antique Shop',
    shopType: 'antique-shop',
    street: 'v',
  },
  { id: 'gift-shop-v', kind: 'shop', name: 'Gift Shop', shopType: 'gift-shop', street: 'v' },
  { id: 'cafe-v', kind: 'shop', name: 'Café', shopType: 'cafe', street: 'v' },
  {
    id: 'ice-cream-parlor-v',
    kind: 'shop',
    name: 'Ice Cream Parlor',
    shopType: 'ice-cream-parlor',
    street: 'v',
  },
  { id: 'pizzeria-v', kind: 'shop', name: 'Pizzeria', shopType: 'pizzeria', street: 'v' },
  { id: 'art-gallery-v', kind: 'shop', name: 'Art Gallery', shopType: 'art-gallery', street: 'v' },
  { id: 'restaurant-v', kind: 'shop', name: 'Restaurant', shopType: 'restaurant', street: 'v' },
  { id: 'pub-v', kind: 'shop', name: 'Pub', shopType: 'pub', street: 'v' },
  { id: 'boutique-v', kind: 'shop', name: 'Boutique', shopType: 'boutique', street: 'v' },
  {
    id: 'bed-and-breakfast-v',
    kind: 'shop',
    name: 'Bed & Breakfast',
    shopType: 'bed-and-breakfast',
    street: 'v',
  },
  {
    id: 'antique-shop-c',
    kind: 'shop',
    name: 'Antique Shop',
    shopType: 'antique-shop',
    street: 'c',
  },
  { id: 'gift-shop-c', kind: 'shop', name: 'Gift Shop', shopType: 'gift-shop', street: 'c' },
  { id: 'cafe-c', kind: 'shop', name: 'Café', shopType: 'cafe', street: 'c' },
  {
    id: 'ice-cream-parlor-c',
    kind: 'shop',
    name: 'Ice Cream Parlor',
    shopType: 'ice-cream-parlor',
    street: 'c',
  },
  { id: 'pizzeria-c', kind: 'shop', name: 'Pizzeria', shopType: 'pizzeria', street: 'c' },
  { id: 'art-gallery-c', kind: 'shop', name: 'Art Gallery', shopType: 'art-gallery', street: 'c' },
  { id: 'restaurant-c', kind: 'shop', name: 'Restaurant', shopType: 'restaurant', street: 'c' },
  { id: 'pub-c', kind: 'shop', name: 'Pub', shopType: 'pub', street: 'c' },
  { id: 'boutique-c', kind: 'shop', name: 'Boutique', shopType: 'boutique', street: 'c' },
  {
    id: 'bed-and-breakfast-c',
    kind: 'shop',
    name: 'Bed & Breakfast',
    shopType: 'bed-and-breakfast',
    street: 'c',
  },
  {
    id: 'antique-shop-d',
    kind: 'shop',
    name: 'Antique Shop',
    shopType: 'antique-shop',
    street: 'd',
  },
  { id: 'gift-shop-d', kind: 'shop', name: 'Gift Shop', shopType: 'gift-shop', street: 'd' },
  { id: 'cafe-d', kind: 'shop', name: 'Café', shopType: 'cafe', street: 'd' },
  {
    id: 'ice-cream-parlor-d',
    kind: 'shop',
    name: 'Ice Cream Parlor',
    shopType: 'ice-cream-parlor',
    street: 'd',
  },
  { id: 'pizzeria-d', kind: 'shop', name: 'Pizzeria', shopType: 'pizzeria', street: 'd' },
  { id: 'art-gallery-d', kind: 'shop', name: 'Art Gallery', shopType: 'art-gallery', street: 'd' },
  { id: 'restaurant-d', kind: 'shop', name: 'Restaurant', shopType: 'restaurant', street: 'd' },
  { id: 'pub-d', kind: 'shop', name: 'Pub', shopType: 'pub', street: 'd' },
  { id: 'boutique-d', kind: 'shop', name: 'Boutique', shopType: 'boutique', street: 'd' },
  {
    id: 'bed-and-breakfast-d',
    kind: 'shop',
    name: 'Bed & Breakfast',
    shopType: 'bed-and-breakfast',
    street: 'd',
  },
  {
    id: 'city-gates',
    kind: 'attraction',
    name: 'City Gates',
    effect: { type: 'streetIncome', params: { street: 'g', amount: 1000 } },
  },
  {
    id: 'civic-center',
    kind: 'attraction',
    name: 'Civic Center',
    effect: { type: 'streetIncome', params: { street: 'g', amount: 1000 } },
  },
  {
    id: 'oldest-school-house',
    kind: 'attraction',
    name: 'Oldest School House',
    effect: { type: 'streetIncome', params: { street: 'g', amount: 1000 } },
  },
  {
    id: 'huguenot-cemetery',
    kind: 'attraction',
    name: 'Huguenot Cemetery',
    effect: { type: 'streetIncome', params: { street: 'g', amount: 1000 } },
  },
  {
    id: 'spanish-quarter',
    kind: 'attraction',
    name: 'Spanish Quarter',
    effect: { type: 'streetIncome', params: { street: 'g', amount: 1000 } },
  },
  {
    id: 'castillo-de-san-marcos',
    kind: 'attraction',
    name: 'Castillo de San Marcos',
    effect: { type: 'streetIncome', params: { street: 'c', amount: 1000 } },
  },
  {
    id: 'cathedral-basilica',
    kind: 'attraction',
    name: 'Cathedral Basilica',
    effect: { type: 'streetIncome', params: { street: 'c', amount: 1000 } },
  },
  {
    id: 'bridge-of-lions',
    kind: 'attraction',
    name: 'Bridge of Lions',
    effect: { type: 'streetIncome', params: { street: 'c', amount: 1000 } },
  },
  {
    id: 'government-house',
    kind: 'attraction',
    name: 'Government House',
    effect: { type: 'streetIncome', params: { street: 'k', amount: 1000 } },
  },
  {
    id: 'trinity-episcopal-church',
    kind: 'attraction',
    name: 'Trinity Episcopal Church',
    effect: { type: 'streetIncome', params: { street: 'k', amount: 1000 } },
  },
  {
    id: 'town-plaza',
    kind: 'attraction',
    name: 'Town Plaza',
    effect: { type: 'streetIncome', params: { street: 'k', amount: 1000 } },
  },
  {
    id: 'lightner-museum',
    kind: 'attraction',
    name: 'Lightner Museum',
    effect: { type: 'streetIncome', params: { street: 'd', amount: 1000 } },
  },
  {
    id: 'oldest-drug-store',
    kind: 'attraction',
    name: 'Oldest Drug Store',
    effect: { type: 'streetIncome', params: { street: 'd', amount: 1000 } },
  },
  {
    id: 'flagler-college',
    kind: 'attraction',
    name: 'Flagler College',
    effect: { type: 'streetIncome', params: { street: 'd', amount: 1000 } },
  },
  {
    id: 'potters-wax-museum',
    kind: 'attraction',
    name: 'Potters Wax Museum',
    effect: { type: 'streetIncome', params: { street: 'v', amount: 1000 } },
  },
  {
    id: 'ximinez-fatio-house',
    kind: 'attraction',
    name: 'Ximinez-Fatio House',
    effect: { type: 'streetIncome', params: { street: 'v', amount: 1000 } },
  },
  {
    id: 'ripleys-museum',
    kind: 'attraction',
    name: "Ripley's Museum",
    effect: { type: 'shopIncome', params: { amount: 1000 } },
  },
  {
    id: 'fountain-of-youth-park',
    kind: 'attraction',
    name: 'Fountain of Youth Park',
    effect: { type: 'leastMoneyBonus', params: { amount: 5000 } },
  },
  {
    id: 'st-augustine-lighthouse',
    kind: 'attraction',
    name: 'St Augustine Lighthouse',
    effect: { type: 'fewestShopsBonus', params: { amount: 5000 } },
  },
  {
    id: 'hotel-ponce-de-leon',
    kind: 'attraction',
    name: 'Hotel Ponce de Leon',
    effect: { type: 'typeIncome', params: { shopType: 'bed-and-breakfast', amount: 2000 } },
  },
  {
    id: 'ghost-tours',
    kind: 'attraction',
    name: 'Ghost Tours',
    effect: { type: 'typeIncome', params: { shopType: 'antique-shop', amount: 2000 } },
  },
  {
    id: 'villa-zorayda',
    kind: 'attraction',
    name: 'Villa Zorayda',
    effect: { type: 'typeIncome', params: { shopType: 'gift-shop', amount: 2000 } },
  },
  {
    id: 'trolley-tour',
    kind: 'attraction',
    name: 'Trolley Tour',
    effect: { type: 'typeIncome', params: { shopType: 'cafe', amount: 2000 } },
  },
  {
    id: 'the-oldest-house',
    kind: 'attraction',
    name: 'The Oldest House',
    effect: { type: 'typeIncome', params: { shopType: 'ice-cream-parlor', amount: 2000 } },
  },
  {
    id: 'tolomato-cemetery',
    kind: 'attraction',
    name: 'Tolomato Cemetery',
    effect: { type: 'typeIncome', params: { shopType: 'pizzeria', amount: 2000 } },
  },
  {
    id: 'spanish-coquina-quarries',
    kind: 'attraction',
    name: 'Spanish Coquina Quarries',
    effect: { type: 'typeIncome', params: { shopType: 'art-gallery', amount: 2000 } },
  },
  {
    id: 'alligator-farm',
    kind: 'attraction',
    name: 'Alligator Farm',
    effect: { type: 'typeIncome', params: { shopType: 'restaurant', amount: 2000 } },
  },
  {
    id: 'cigar-factory',
    kind: 'attraction',
    name: 'Cigar Factory',
    effect: { type: 'typeIncome', params: { shopType: 'pub', amount: 2000 } },
  },
  {
    id: 'confederate-monument',
    kind: 'attraction',
    name: 'Confederate Monument',
    effect: { type: 'typeIncome', params: { shopType: 'boutique', amount: 2000 } },
  },
] as const satisfies readonly StAugustineCard[];
