import type { TrafficType } from '../schema';

/**
 * The verticals of the demo network: categories, subcategories and what their offers look like
 * (products, conversion points, payout models and typical rates, traffic they accept).
 */
export interface Vertical {
  name: string;
  /** Product phrases used in campaign names. */
  products: string[];
}

export interface CategorySpec {
  id: number;
  name: string;
  brandSuffixes: string[];
  /** Conversion points: [label, payout type, min rate, max rate] ($ per lead or % of sale). */
  conversions: Array<[string, 'F' | 'P', number, number]>;
  traffic: TrafficType[];
  subcategories: Vertical[];
  gaming?: boolean;
}

export const CATEGORIES: CategorySpec[] = [
  {
    id: 1, name: 'Finance', brandSuffixes: ['Lend', 'Credit', 'Cash', 'Fund', 'Wallet', 'Capital', 'Trust', 'Money'],
    conversions: [['Approved Application', 'F', 25, 180], ['Qualified Lead', 'F', 8, 45], ['Funded Account', 'F', 40, 250], ['Card Approval', 'F', 60, 220]],
    traffic: ['email', 'contextual', 'display', 'search', 'social', 'native', 'mobile'],
    subcategories: [
      { name: 'Credit Cards', products: ['Cashback Card', 'Travel Rewards Card', 'Secured Card', 'Balance Transfer Card'] },
      { name: 'Personal Loans', products: ['Personal Loans', 'Debt Consolidation', 'Installment Loans'] },
      { name: 'Insurance', products: ['Life Insurance', 'Pet Insurance', 'Renters Insurance', 'Travel Insurance'] },
      { name: 'Investing & Trading', products: ['Stock Trading App', 'Robo Advisor', 'Retirement Account'] },
      { name: 'Crypto', products: ['Crypto Exchange', 'Hardware Wallet', 'Crypto Savings'] },
      { name: 'Credit Repair', products: ['Credit Repair', 'Credit Monitoring', 'Credit Score Check'] },
      { name: 'Tax & Accounting', products: ['Tax Filing', 'Bookkeeping', 'Invoicing'] },
    ],
  },
  {
    id: 2, name: 'Health & Wellness', brandSuffixes: ['Vita', 'Fit', 'Glow', 'Well', 'Nutra', 'Life', 'Care', 'Pure'],
    conversions: [['Trial Signup', 'F', 18, 65], ['Straight Sale', 'P', 20, 45], ['Order Placed', 'P', 15, 40], ['Consultation Booked', 'F', 20, 80]],
    traffic: ['email', 'contextual', 'display', 'social', 'native', 'mobile', 'incentive'],
    subcategories: [
      { name: 'Diet & Weight Loss', products: ['Keto Meal Plan', 'Weight Loss Program', 'Meal Replacement Shakes'] },
      { name: 'Supplements', products: ['Collagen Peptides', 'Multivitamin Subscription', 'Omega-3 Capsules'] },
      { name: 'Fitness', products: ['Home Workout App', 'Smart Jump Rope', 'Yoga Membership'] },
      { name: 'Skincare & Beauty', products: ['Anti-Aging Serum', 'Skincare Kit', 'Hair Growth Formula'] },
      { name: 'Dental', products: ['Clear Aligners', 'Teeth Whitening Kit', 'Dental Plan'] },
      { name: 'Telehealth', products: ['Online Doctor Visit', 'Online Therapy', 'Prescription Delivery'] },
    ],
  },
  {
    id: 3, name: 'Dating', brandSuffixes: ['Match', 'Date', 'Heart', 'Mingle', 'Spark', 'Love'],
    conversions: [['SOI Registration', 'F', 2, 6], ['DOI Registration', 'F', 4, 12], ['Paid Membership', 'F', 40, 120]],
    traffic: ['email', 'display', 'social', 'native', 'mobile', 'contextual'],
    subcategories: [
      { name: 'Mainstream Dating', products: ['Dating App', 'Singles Network', 'Video Dating'] },
      { name: 'Senior Dating', products: ['Over 50 Dating', 'Mature Singles'] },
      { name: 'Niche Dating', products: ['Faith Dating', 'Outdoor Singles', 'Professionals Dating'] },
    ],
  },
  {
    id: 4, name: 'Gaming', brandSuffixes: ['Play', 'Quest', 'Arena', 'Legends', 'Craft', 'Hero', 'Realm'], gaming: true,
    conversions: [['Install', 'F', 0.8, 4], ['Install + Level 10', 'F', 3, 12], ['First Deposit', 'F', 25, 90], ['Registration', 'F', 1.5, 6]],
    traffic: ['display', 'social', 'native', 'mobile', 'incentive', 'contextual', 'search'],
    subcategories: [
      { name: 'Mobile Games', products: ['Strategy Game', 'Puzzle Adventure', 'Farming Sim', 'Idle RPG'] },
      { name: 'PC & Console Games', products: ['MMORPG', 'Battle Arena', 'Space Shooter'] },
      { name: 'Social Casino', products: ['Free Slots', 'Poker Night', 'Bingo Party'] },
      { name: 'Esports', products: ['Tournament Platform', 'Esports Coaching'] },
    ],
  },
  {
    id: 5, name: 'Software & Apps', brandSuffixes: ['Shield', 'Guard', 'Cloud', 'Byte', 'Soft', 'Stack', 'Sync'],
    conversions: [['Free Trial', 'F', 3, 25], ['Paid Subscription', 'P', 25, 70], ['Sale', 'P', 30, 75], ['Install', 'F', 1, 5]],
    traffic: ['email', 'contextual', 'display', 'search', 'social', 'native', 'mobile', 'brand_bid'],
    subcategories: [
      { name: 'VPN & Privacy', products: ['VPN', 'Private Browser', 'Password Manager'] },
      { name: 'Antivirus & Security', products: ['Antivirus Suite', 'Identity Protection', 'Mobile Security'] },
      { name: 'Productivity', products: ['Project Management', 'PDF Editor', 'Note Taking App'] },
      { name: 'Mobile Utilities', products: ['Phone Cleaner', 'Photo Editor', 'Call Recorder'] },
      { name: 'Web Hosting', products: ['Web Hosting', 'Website Builder', 'Domain Registration'] },
    ],
  },
  {
    id: 6, name: 'E-commerce', brandSuffixes: ['Shop', 'Mart', 'Box', 'Store', 'Goods', 'Outlet', 'Trend'],
    conversions: [['Sale', 'P', 4, 18], ['First Order', 'F', 8, 30], ['Subscription Start', 'F', 12, 45]],
    traffic: ['email', 'contextual', 'display', 'search', 'social', 'native', 'mobile', 'brand_bid'],
    subcategories: [
      { name: 'Fashion', products: ['Sneakers', 'Activewear', 'Sunglasses', 'Watches'] },
      { name: 'Electronics', products: ['Wireless Earbuds', 'Smart Home Kit', 'Dash Cam'] },
      { name: 'Home & Garden', products: ['Mattress', 'Cookware Set', 'Garden Tools', 'Air Purifier'] },
      { name: 'Subscription Boxes', products: ['Meal Kit', 'Snack Box', 'Coffee Subscription', 'Razor Club'] },
      { name: 'Pet Supplies', products: ['Fresh Dog Food', 'Cat Litter Subscription', 'Pet Camera'] },
    ],
  },
  {
    id: 7, name: 'Education', brandSuffixes: ['Learn', 'Academy', 'Skill', 'Mentor', 'Campus', 'Tutor'],
    conversions: [['Lead Form', 'F', 10, 55], ['Enrollment', 'F', 60, 250], ['Course Sale', 'P', 20, 50]],
    traffic: ['email', 'contextual', 'display', 'search', 'social', 'native'],
    subcategories: [
      { name: 'Online Courses', products: ['Coding Bootcamp', 'Data Science Course', 'Digital Marketing Course'] },
      { name: 'Degree Programs', products: ['Online MBA', 'Nursing Degree', 'Associate Degree'] },
      { name: 'Language Learning', products: ['Spanish Lessons', 'English Tutoring', 'Language App'] },
      { name: 'Test Prep', products: ['SAT Prep', 'GMAT Prep', 'Driving Test Practice'] },
    ],
  },
  {
    id: 8, name: 'Travel', brandSuffixes: ['Trip', 'Go', 'Fly', 'Stay', 'Voyage', 'Jet'],
    conversions: [['Booking', 'P', 3, 8], ['Qualified Lead', 'F', 5, 25]],
    traffic: ['email', 'contextual', 'display', 'search', 'social', 'native', 'mobile'],
    subcategories: [
      { name: 'Flights', products: ['Cheap Flights', 'Flight Deals'] },
      { name: 'Hotels', products: ['Hotel Deals', 'Vacation Rentals'] },
      { name: 'Car Rental', products: ['Car Rental', 'Airport Transfers'] },
      { name: 'Cruises', products: ['Caribbean Cruises', 'River Cruises'] },
    ],
  },
  {
    id: 9, name: 'Lead Generation', brandSuffixes: ['Pro', 'Quote', 'Direct', 'Home', 'Smart', 'First'],
    conversions: [['Qualified Lead', 'F', 12, 65], ['Appointment Set', 'F', 45, 160], ['Phone Call 90s', 'F', 20, 90]],
    traffic: ['email', 'contextual', 'display', 'search', 'social', 'native'],
    subcategories: [
      { name: 'Home Services', products: ['Roofing Quotes', 'Window Replacement', 'Home Security'] },
      { name: 'Solar', products: ['Solar Panels', 'Solar Savings Calculator'] },
      { name: 'Legal', products: ['Accident Claims', 'Tax Relief', 'Mass Tort Claims'] },
      { name: 'Mortgage', products: ['Refinance', 'Home Purchase Loan', 'Reverse Mortgage'] },
      { name: 'Auto Insurance Quotes', products: ['Auto Insurance Quotes', 'Motorcycle Insurance'] },
    ],
  },
  {
    id: 10, name: 'Sweepstakes & Surveys', brandSuffixes: ['Win', 'Prize', 'Reward', 'Lucky', 'Opinion', 'Gift'],
    conversions: [['Email Submit', 'F', 0.8, 3.5], ['Short Form', 'F', 1.5, 4.5], ['CC Submit', 'F', 18, 45]],
    traffic: ['email', 'display', 'social', 'native', 'mobile', 'incentive', 'contextual'],
    subcategories: [
      { name: 'Sweepstakes', products: ['Win a Phone', 'Gift Card Giveaway', 'Cash Sweepstakes'] },
      { name: 'Paid Surveys', products: ['Paid Surveys', 'Product Testing Panel'] },
      { name: 'Gift Cards', products: ['Grocery Gift Card', 'Gas Gift Card'] },
    ],
  },
  {
    id: 11, name: 'Entertainment', brandSuffixes: ['Stream', 'Tune', 'Flix', 'Beat', 'Reel', 'Vibe'],
    conversions: [['Free Trial', 'F', 4, 20], ['Paid Subscription', 'F', 15, 45]],
    traffic: ['email', 'contextual', 'display', 'search', 'social', 'native', 'mobile', 'brand_bid'],
    subcategories: [
      { name: 'Video Streaming', products: ['Movie Streaming', 'Sports Streaming', 'Anime Streaming'] },
      { name: 'Music Streaming', products: ['Music Streaming', 'Podcast App'] },
      { name: 'Audiobooks', products: ['Audiobooks', 'E-book Subscription'] },
    ],
  },
  {
    id: 12, name: 'Business', brandSuffixes: ['Works', 'Flow', 'Desk', 'Hub', 'Base', 'Ly'],
    conversions: [['Free Trial', 'F', 10, 60], ['Demo Booked', 'F', 50, 200], ['Recurring Sale', 'P', 20, 40]],
    traffic: ['email', 'contextual', 'display', 'search', 'social', 'native', 'brand_bid'],
    subcategories: [
      { name: 'Marketing Tools', products: ['Email Marketing', 'SEO Toolkit', 'Social Scheduler'] },
      { name: 'Payroll & HR', products: ['Payroll Software', 'HR Platform', 'Time Tracking'] },
      { name: 'E-commerce Platforms', products: ['Online Store Builder', 'Print on Demand', 'Dropshipping App'] },
    ],
  },
];

export const BRAND_PREFIXES = [
  'Nova', 'Blue', 'Prime', 'Apex', 'Lumi', 'Zen', 'Swift', 'Bright', 'True', 'Peak', 'Cloud', 'Iron', 'Silver',
  'Green', 'Smart', 'Clear', 'Bold', 'Urban', 'Stellar', 'Quantum', 'Nimble', 'Harbor', 'Maple', 'Cedar', 'Summit',
  'Coral', 'Echo', 'Orbit', 'Pixel', 'Red', 'Sun', 'North', 'Wild', 'Lucky', 'Happy', 'Golden', 'Rapid', 'Vivid',
];

/** Country groups a campaign accepts; an empty list means every country. */
export const GEO_GROUPS: Array<{ label: string; countries: string[]; weight: number }> = [
  { label: 'US', countries: ['US'], weight: 30 },
  { label: 'US/CA', countries: ['US', 'CA'], weight: 10 },
  { label: 'UK', countries: ['GB'], weight: 7 },
  { label: 'DACH', countries: ['DE', 'AT', 'CH'], weight: 5 },
  { label: 'FR', countries: ['FR', 'BE'], weight: 3 },
  { label: 'Tier 1', countries: ['US', 'CA', 'GB', 'AU', 'NZ', 'IE'], weight: 12 },
  { label: 'EU', countries: ['DE', 'FR', 'IT', 'ES', 'NL', 'BE', 'AT', 'SE', 'DK', 'FI', 'PL', 'PT', 'IE'], weight: 6 },
  { label: 'LATAM', countries: ['BR', 'MX', 'AR', 'CO', 'CL', 'PE'], weight: 5 },
  { label: 'APAC', countries: ['IN', 'ID', 'PH', 'TH', 'VN', 'MY', 'SG', 'JP', 'KR'], weight: 5 },
  { label: 'WW', countries: [], weight: 12 },
  { label: 'AU/NZ', countries: ['AU', 'NZ'], weight: 5 },
];

export const TRACKING_TYPES: Array<[string, number]> = [['S', 55], ['M', 10], ['L', 15], ['I', 10], ['A', 4], ['H', 3], ['G', 3]];

export const BANNER_SIZES: Array<[number, number]> = [
  [300, 250], [728, 90], [160, 600], [300, 600], [468, 60], [320, 50],
];

export const LANDING_PAGE_NAMES = [
  'Main offer page', 'Quiz funnel', 'Short form', 'Advertorial', 'Video sales letter', 'Comparison page',
  'Mobile-first page', 'Spanish version', 'Holiday special', 'Long form',
];

export const OS_LIST = ['Windows', 'macOS', 'Linux', 'Android', 'iOS'];

export const FIRST_NAMES = [
  'James', 'Maria', 'Wei', 'Aisha', 'Lucas', 'Sofia', 'Mateo', 'Olivia', 'Noah', 'Emma', 'Liam', 'Amara', 'Yuki',
  'Omar', 'Elena', 'Ravi', 'Chloe', 'Daniel', 'Fatima', 'Jonas', 'Priya', 'Ethan', 'Isabel', 'Kofi', 'Hannah',
  'Diego', 'Leah', 'Arjun', 'Mia', 'Tomasz',
];
export const LAST_NAMES = [
  'Smith', 'Garcia', 'Chen', 'Okafor', 'Silva', 'Rossi', 'Kowalski', 'Nguyen', 'Patel', 'Müller', 'Johnson',
  'Brown', 'Tanaka', 'Haddad', 'Novak', 'Andersen', 'Martin', 'Lopez', 'Kim', 'Dubois', 'Evans', 'Costa',
];
