/** Reference data: countries (id 1 Tunisia), the 24 governorates, delegations and institutes. */

/** [id, ISO code, French, English, Arabic] */
export const countryRows: Array<[number, string, string, string, string]> = [
  [1, 'TN', 'Tunisie', 'Tunisia', 'تونس'],
  [2, 'DZ', 'Algérie', 'Algeria', 'الجزائر'],
  [3, 'MA', 'Maroc', 'Morocco', 'المغرب'],
  [4, 'LY', 'Libye', 'Libya', 'ليبيا'],
  [5, 'EG', 'Égypte', 'Egypt', 'مصر'],
  [6, 'MR', 'Mauritanie', 'Mauritania', 'موريتانيا'],
  [7, 'FR', 'France', 'France', 'فرنسا'],
  [8, 'BE', 'Belgique', 'Belgium', 'بلجيكا'],
  [9, 'CH', 'Suisse', 'Switzerland', 'سويسرا'],
  [10, 'DE', 'Allemagne', 'Germany', 'ألمانيا'],
  [11, 'IT', 'Italie', 'Italy', 'إيطاليا'],
  [12, 'ES', 'Espagne', 'Spain', 'إسبانيا'],
  [13, 'PT', 'Portugal', 'Portugal', 'البرتغال'],
  [14, 'NL', 'Pays-Bas', 'Netherlands', 'هولندا'],
  [15, 'LU', 'Luxembourg', 'Luxembourg', 'لوكسمبورغ'],
  [16, 'GB', 'Royaume-Uni', 'United Kingdom', 'المملكة المتحدة'],
  [17, 'IE', 'Irlande', 'Ireland', 'أيرلندا'],
  [18, 'AT', 'Autriche', 'Austria', 'النمسا'],
  [19, 'SE', 'Suède', 'Sweden', 'السويد'],
  [20, 'NO', 'Norvège', 'Norway', 'النرويج'],
  [21, 'DK', 'Danemark', 'Denmark', 'الدنمارك'],
  [22, 'CA', 'Canada', 'Canada', 'كندا'],
  [23, 'US', 'États-Unis', 'United States', 'الولايات المتحدة'],
  [24, 'SA', 'Arabie saoudite', 'Saudi Arabia', 'السعودية'],
  [25, 'AE', 'Émirats arabes unis', 'United Arab Emirates', 'الإمارات العربية المتحدة'],
  [26, 'QA', 'Qatar', 'Qatar', 'قطر'],
  [27, 'KW', 'Koweït', 'Kuwait', 'الكويت'],
  [28, 'BH', 'Bahreïn', 'Bahrain', 'البحرين'],
  [29, 'OM', 'Oman', 'Oman', 'عُمان'],
  [30, 'JO', 'Jordanie', 'Jordan', 'الأردن'],
  [31, 'LB', 'Liban', 'Lebanon', 'لبنان'],
  [32, 'SY', 'Syrie', 'Syria', 'سوريا'],
  [33, 'IQ', 'Irak', 'Iraq', 'العراق'],
  [34, 'PS', 'Palestine', 'Palestine', 'فلسطين'],
  [35, 'TR', 'Turquie', 'Turkey', 'تركيا'],
  [36, 'SN', 'Sénégal', 'Senegal', 'السنغال'],
  [37, 'CI', "Côte d'Ivoire", "Côte d'Ivoire", 'ساحل العاج'],
  [38, 'ML', 'Mali', 'Mali', 'مالي'],
  [39, 'NE', 'Niger', 'Niger', 'النيجر'],
  [40, 'TD', 'Tchad', 'Chad', 'تشاد'],
  [41, 'CM', 'Cameroun', 'Cameroon', 'الكاميرون'],
  [42, 'SD', 'Soudan', 'Sudan', 'السودان'],
  [43, 'RU', 'Russie', 'Russia', 'روسيا'],
  [44, 'CN', 'Chine', 'China', 'الصين'],
  [45, 'JP', 'Japon', 'Japan', 'اليابان'],
  [46, 'MY', 'Malaisie', 'Malaysia', 'ماليزيا'],
  [47, 'BR', 'Brésil', 'Brazil', 'البرازيل'],
  [48, 'AU', 'Australie', 'Australia', 'أستراليا']
]

/** [id, French, Arabic]: the 24 governorates of Tunisia. */
export const governorateRows: Array<[number, string, string]> = [
  [1, 'Tunis', 'تونس'],
  [2, 'Ariana', 'أريانة'],
  [3, 'Ben Arous', 'بن عروس'],
  [4, 'Manouba', 'منوبة'],
  [5, 'Nabeul', 'نابل'],
  [6, 'Zaghouan', 'زغوان'],
  [7, 'Bizerte', 'بنزرت'],
  [8, 'Béja', 'باجة'],
  [9, 'Jendouba', 'جندوبة'],
  [10, 'Le Kef', 'الكاف'],
  [11, 'Siliana', 'سليانة'],
  [12, 'Sousse', 'سوسة'],
  [13, 'Monastir', 'المنستير'],
  [14, 'Mahdia', 'المهدية'],
  [15, 'Sfax', 'صفاقس'],
  [16, 'Kairouan', 'القيروان'],
  [17, 'Kasserine', 'القصرين'],
  [18, 'Sidi Bouzid', 'سيدي بوزيد'],
  [19, 'Gabès', 'قابس'],
  [20, 'Médenine', 'مدنين'],
  [21, 'Tataouine', 'تطاوين'],
  [22, 'Gafsa', 'قفصة'],
  [23, 'Tozeur', 'توزر'],
  [24, 'Kébili', 'قبلي']
]

/** Delegations of five governorates, by governorate id. Ids are 100 × governorate + n. */
export const delegationNames: Record<number, string[]> = {
  1: [
    'Bab El Bhar',
    'Bab Souika',
    'Carthage',
    'Cité El Khadra',
    'Djebel Jelloud',
    'El Kabaria',
    'El Menzah',
    'El Omrane',
    'El Omrane Supérieur',
    'El Ouardia',
    'Ettahrir',
    'Ezzouhour',
    'Hraïria',
    'La Goulette',
    'La Marsa',
    'Le Bardo',
    'Le Kram',
    'La Médina',
    'Séjoumi',
    'Sidi El Béchir',
    'Sidi Hassine'
  ],
  2: ['Ariana Ville', 'Ettadhamen', 'Kalâat el-Andalous', 'La Soukra', 'Mnihla', 'Raoued', 'Sidi Thabet'],
  3: [
    'Ben Arous',
    'Bou Mhel el-Bassatine',
    'El Mourouj',
    'Ezzahra',
    'Fouchana',
    'Hammam Chott',
    'Hammam Lif',
    'Mégrine',
    'Mohamedia',
    'Medina Jedida',
    'Mornag',
    'Radès'
  ],
  12: [
    'Akouda',
    'Bouficha',
    'Enfida',
    'Hammam Sousse',
    'Hergla',
    'Kalâa Kebira',
    'Kalâa Seghira',
    'Kondar',
    'Msaken',
    'Sidi Bou Ali',
    'Sidi El Hani',
    'Sousse Jawhara',
    'Sousse Médina',
    'Sousse Riadh',
    'Sousse Sidi Abdelhamid'
  ],
  15: [
    'Agareb',
    'Bir Ali Ben Khalifa',
    'El Amra',
    'El Hencha',
    'Ghraïba',
    'Jebiniana',
    'Kerkennah',
    'Mahrès',
    'Menzel Chaker',
    'Sakiet Eddaïer',
    'Sakiet Ezzit',
    'Sfax Ouest',
    'Sfax Sud',
    'Sfax Ville',
    'Skhira',
    'Thyna'
  ]
}

/** The delegations' official Arabic names, by their French ones (governorates apart, a French name is not repeated). */
export const delegationArabicNames: Record<string, string> = {
  // Tunis
  'Bab El Bhar': 'باب البحر',
  'Bab Souika': 'باب سويقة',
  Carthage: 'قرطاج',
  'Cité El Khadra': 'حي الخضراء',
  'Djebel Jelloud': 'جبل الجلود',
  'El Kabaria': 'الكبارية',
  'El Menzah': 'المنزه',
  'El Omrane': 'العمران',
  'El Omrane Supérieur': 'العمران الأعلى',
  'El Ouardia': 'الوردية',
  Ettahrir: 'التحرير',
  Ezzouhour: 'الزهور',
  Hraïria: 'الحرايرية',
  'La Goulette': 'حلق الوادي',
  'La Marsa': 'المرسى',
  'Le Bardo': 'باردو',
  'Le Kram': 'الكرم',
  'La Médina': 'المدينة',
  Séjoumi: 'السيجومي',
  'Sidi El Béchir': 'سيدي البشير',
  'Sidi Hassine': 'سيدي حسين',
  // Ariana
  'Ariana Ville': 'أريانة المدينة',
  Ettadhamen: 'التضامن',
  'Kalâat el-Andalous': 'قلعة الأندلس',
  'La Soukra': 'سكرة',
  Mnihla: 'المنيهلة',
  Raoued: 'رواد',
  'Sidi Thabet': 'سيدي ثابت',
  // Ben Arous
  'Ben Arous': 'بن عروس',
  'Bou Mhel el-Bassatine': 'بومهل البساتين',
  'El Mourouj': 'المروج',
  Ezzahra: 'الزهراء',
  Fouchana: 'فوشانة',
  'Hammam Chott': 'حمام الشط',
  'Hammam Lif': 'حمام الأنف',
  Mégrine: 'مقرين',
  Mohamedia: 'المحمدية',
  'Medina Jedida': 'المدينة الجديدة',
  Mornag: 'مرناق',
  Radès: 'رادس',
  // Sousse
  Akouda: 'أكودة',
  Bouficha: 'بوفيشة',
  Enfida: 'النفيضة',
  'Hammam Sousse': 'حمام سوسة',
  Hergla: 'هرقلة',
  'Kalâa Kebira': 'القلعة الكبرى',
  'Kalâa Seghira': 'القلعة الصغرى',
  Kondar: 'كندار',
  Msaken: 'مساكن',
  'Sidi Bou Ali': 'سيدي بوعلي',
  'Sidi El Hani': 'سيدي الهاني',
  'Sousse Jawhara': 'سوسة جوهرة',
  'Sousse Médina': 'سوسة المدينة',
  'Sousse Riadh': 'سوسة الرياض',
  'Sousse Sidi Abdelhamid': 'سوسة سيدي عبد الحميد',
  // Sfax
  Agareb: 'عقارب',
  'Bir Ali Ben Khalifa': 'بئر علي بن خليفة',
  'El Amra': 'العامرة',
  'El Hencha': 'الحنشة',
  Ghraïba: 'الغريبة',
  Jebiniana: 'جبنيانة',
  Kerkennah: 'قرقنة',
  Mahrès: 'المحرس',
  'Menzel Chaker': 'منزل شاكر',
  'Sakiet Eddaïer': 'ساقية الدائر',
  'Sakiet Ezzit': 'ساقية الزيت',
  'Sfax Ouest': 'صفاقس الغربية',
  'Sfax Sud': 'صفاقس الجنوبية',
  'Sfax Ville': 'صفاقس المدينة',
  Skhira: 'الصخيرة',
  Thyna: 'طينة'
}

export function delegationRows(): Array<{ id: number; stateId: number; name: string; nameAr: string | null }> {
  return Object.entries(delegationNames).flatMap(([stateId, names]) =>
    names.map((name, index) => ({
      id: Number(stateId) * 100 + index + 1,
      stateId: Number(stateId),
      name,
      nameAr: delegationArabicNames[name] ?? null
    }))
  )
}

export function delegationId(stateId: number, name: string): number {
  const index = delegationNames[stateId]?.indexOf(name) ?? -1
  if (index < 0) throw new Error(`Unknown delegation ${name}`)
  return stateId * 100 + index + 1
}

/** Well-known schools by their real names; the others are plainly generic demo names. Arabic names beside the French. */
export function instituteRows(): Array<{ id: number; stateId: number; delegationId: number | null; name: string; nameAr: string | null }> {
  return [
    { id: 1, stateId: 1, delegationId: delegationId(1, 'La Médina'), name: 'Collège Sadiki', nameAr: 'المدرسة الصادقية' },
    { id: 2, stateId: 1, delegationId: null, name: 'Lycée pilote Bourguiba de Tunis', nameAr: 'معهد بورقيبة النموذجي بتونس' },
    {
      id: 3,
      stateId: 1,
      delegationId: delegationId(1, 'La Marsa'),
      name: 'Lycée secondaire 1 (La Marsa)',
      nameAr: 'المعهد الثانوي 1 (المرسى)'
    },
    { id: 4, stateId: 1, delegationId: delegationId(1, 'Le Bardo'), name: 'Collège 1 (Le Bardo)', nameAr: 'المدرسة الإعدادية 1 (باردو)' },
    {
      id: 5,
      stateId: 1,
      delegationId: delegationId(1, 'El Menzah'),
      name: 'École primaire 1 (El Menzah)',
      nameAr: 'المدرسة الابتدائية 1 (المنزه)'
    },
    {
      id: 6,
      stateId: 2,
      delegationId: delegationId(2, 'Ariana Ville'),
      name: "Lycée pilote de l'Ariana",
      nameAr: 'المعهد النموذجي بأريانة'
    },
    {
      id: 7,
      stateId: 2,
      delegationId: delegationId(2, 'La Soukra'),
      name: 'Lycée secondaire 1 (La Soukra)',
      nameAr: 'المعهد الثانوي 1 (سكرة)'
    },
    { id: 8, stateId: 2, delegationId: delegationId(2, 'Raoued'), name: 'Collège 1 (Raoued)', nameAr: 'المدرسة الإعدادية 1 (رواد)' },
    {
      id: 9,
      stateId: 3,
      delegationId: delegationId(3, 'El Mourouj'),
      name: 'Lycée secondaire 1 (El Mourouj)',
      nameAr: 'المعهد الثانوي 1 (المروج)'
    },
    { id: 10, stateId: 3, delegationId: delegationId(3, 'Radès'), name: 'Collège 1 (Radès)', nameAr: 'المدرسة الإعدادية 1 (رادس)' },
    { id: 11, stateId: 12, delegationId: null, name: 'Lycée pilote de Sousse', nameAr: 'المعهد النموذجي بسوسة' },
    {
      id: 12,
      stateId: 12,
      delegationId: delegationId(12, 'Msaken'),
      name: 'Lycée secondaire 1 (Msaken)',
      nameAr: 'المعهد الثانوي 1 (مساكن)'
    },
    {
      id: 13,
      stateId: 12,
      delegationId: delegationId(12, 'Hammam Sousse'),
      name: 'École primaire 1 (Hammam Sousse)',
      nameAr: 'المدرسة الابتدائية 1 (حمام سوسة)'
    },
    { id: 14, stateId: 15, delegationId: null, name: 'Lycée pilote de Sfax', nameAr: 'المعهد النموذجي بصفاقس' },
    {
      id: 15,
      stateId: 15,
      delegationId: delegationId(15, 'Sfax Ville'),
      name: 'Lycée secondaire 1 (Sfax Ville)',
      nameAr: 'المعهد الثانوي 1 (صفاقس المدينة)'
    },
    {
      id: 16,
      stateId: 15,
      delegationId: delegationId(15, 'Sakiet Ezzit'),
      name: 'Collège 1 (Sakiet Ezzit)',
      nameAr: 'المدرسة الإعدادية 1 (ساقية الزيت)'
    },
    {
      id: 17,
      stateId: 15,
      delegationId: delegationId(15, 'Kerkennah'),
      name: 'École primaire 1 (Kerkennah)',
      nameAr: 'المدرسة الابتدائية 1 (قرقنة)'
    }
  ]
}
