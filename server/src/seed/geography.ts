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
  1: ['Bab El Bhar', 'Bab Souika', 'Carthage', 'Cité El Khadra', 'Djebel Jelloud', 'El Kabaria', 'El Menzah', 'El Omrane',
    'El Omrane Supérieur', 'El Ouardia', 'Ettahrir', 'Ezzouhour', 'Hraïria', 'La Goulette', 'La Marsa', 'Le Bardo',
    'Le Kram', 'La Médina', 'Séjoumi', 'Sidi El Béchir', 'Sidi Hassine'],
  2: ['Ariana Ville', 'Ettadhamen', 'Kalâat el-Andalous', 'La Soukra', 'Mnihla', 'Raoued', 'Sidi Thabet'],
  3: ['Ben Arous', 'Bou Mhel el-Bassatine', 'El Mourouj', 'Ezzahra', 'Fouchana', 'Hammam Chott', 'Hammam Lif', 'Mégrine',
    'Mohamedia', 'Medina Jedida', 'Mornag', 'Radès'],
  12: ['Akouda', 'Bouficha', 'Enfida', 'Hammam Sousse', 'Hergla', 'Kalâa Kebira', 'Kalâa Seghira', 'Kondar', 'Msaken',
    'Sidi Bou Ali', 'Sidi El Hani', 'Sousse Jawhara', 'Sousse Médina', 'Sousse Riadh', 'Sousse Sidi Abdelhamid'],
  15: ['Agareb', 'Bir Ali Ben Khalifa', 'El Amra', 'El Hencha', 'Ghraïba', 'Jebiniana', 'Kerkennah', 'Mahrès',
    'Menzel Chaker', 'Sakiet Eddaïer', 'Sakiet Ezzit', 'Sfax Ouest', 'Sfax Sud', 'Sfax Ville', 'Skhira', 'Thyna']
}

export function delegationRows(): Array<{ id: number; stateId: number; name: string }> {
  return Object.entries(delegationNames).flatMap(([stateId, names]) =>
    names.map((name, index) => ({ id: Number(stateId) * 100 + index + 1, stateId: Number(stateId), name })))
}

export function delegationId(stateId: number, name: string): number {
  const index = delegationNames[stateId]?.indexOf(name) ?? -1
  if (index < 0) throw new Error(`Unknown delegation ${name}`)
  return stateId * 100 + index + 1
}

/** Well-known schools by their real names; the others are plainly generic demo names. */
export function instituteRows(): Array<{ id: number; stateId: number; delegationId: number | null; name: string }> {
  return [
    { id: 1, stateId: 1, delegationId: delegationId(1, 'La Médina'), name: 'Collège Sadiki' },
    { id: 2, stateId: 1, delegationId: null, name: 'Lycée pilote Bourguiba de Tunis' },
    { id: 3, stateId: 1, delegationId: delegationId(1, 'La Marsa'), name: 'Lycée secondaire 1 (La Marsa)' },
    { id: 4, stateId: 1, delegationId: delegationId(1, 'Le Bardo'), name: 'Collège 1 (Le Bardo)' },
    { id: 5, stateId: 1, delegationId: delegationId(1, 'El Menzah'), name: 'École primaire 1 (El Menzah)' },
    { id: 6, stateId: 2, delegationId: delegationId(2, 'Ariana Ville'), name: "Lycée pilote de l'Ariana" },
    { id: 7, stateId: 2, delegationId: delegationId(2, 'La Soukra'), name: 'Lycée secondaire 1 (La Soukra)' },
    { id: 8, stateId: 2, delegationId: delegationId(2, 'Raoued'), name: 'Collège 1 (Raoued)' },
    { id: 9, stateId: 3, delegationId: delegationId(3, 'El Mourouj'), name: 'Lycée secondaire 1 (El Mourouj)' },
    { id: 10, stateId: 3, delegationId: delegationId(3, 'Radès'), name: 'Collège 1 (Radès)' },
    { id: 11, stateId: 12, delegationId: null, name: 'Lycée pilote de Sousse' },
    { id: 12, stateId: 12, delegationId: delegationId(12, 'Msaken'), name: 'Lycée secondaire 1 (Msaken)' },
    { id: 13, stateId: 12, delegationId: delegationId(12, 'Hammam Sousse'), name: 'École primaire 1 (Hammam Sousse)' },
    { id: 14, stateId: 15, delegationId: null, name: 'Lycée pilote de Sfax' },
    { id: 15, stateId: 15, delegationId: delegationId(15, 'Sfax Ville'), name: 'Lycée secondaire 1 (Sfax Ville)' },
    { id: 16, stateId: 15, delegationId: delegationId(15, 'Sakiet Ezzit'), name: 'Collège 1 (Sakiet Ezzit)' },
    { id: 17, stateId: 15, delegationId: delegationId(15, 'Kerkennah'), name: 'École primaire 1 (Kerkennah)' }
  ]
}
