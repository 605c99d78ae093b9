/** The offers screen's texts (loaded with its route chunk); the specification's French texts as values. */
export const offersFr = {
  page: {
    title: 'Offres',
    subtitle: 'Choisissez votre offre et payez-la avec vos points (1 point = 1 Dt).',
    loading: 'Chargement…',
    failed: 'Les offres n’ont pas pu être chargées.',
    retry: 'Réessayer',
    empty: 'Aucune offre n’est disponible pour votre classe.',
    movedTitle: 'Votre contenu a déménagé',
    movedText: 'Le contenu de votre classe a été déplacé vers une autre plateforme d’enseignement.'
  },
  card: {
    pack: 'Pack',
    free: 'Gratuit',
    unavailable: 'Indisponible',
    buy: 'Acheter',
    discountPercent: '-{{value}} %',
    discountFixed: '{{amount}} Dt',
    price: {
      day: '{{amount}} Dt / jour',
      week: '{{amount}} Dt / semaine',
      month: '{{amount}} Dt / mois',
      rest_of_year: '{{amount}} Dt / année scolaire',
      fixed: '{{amount}} Dt'
    },
    fromPerSubject: 'À partir de {{amount}} Dt par matière',
    slicesOne: 'Payable en {{count}} tranche',
    slicesTwo: 'Payable en {{count}} tranches',
    slicesFew: 'Payable en {{count}} tranches',
    slicesOther: 'Payable en {{count}} tranches'
  },
  dialog: {
    period: 'Durée',
    periods: {
      day: 'Par jour',
      month: 'Par mois',
      rest_of_year: 'Reste de l’année',
      fixed: 'Jusqu’à la fin de l’année scolaire'
    },
    days: 'Nombre de jours',
    dayOne: '1 jour',
    daySeven: '7 jours',
    dayNote:
      'Payé avec vos points, le forfait couvre la durée choisie, sans renouvellement ; le forfait renouvelé automatiquement s’achète auprès de votre opérateur mobile.',
    months: 'Nombre de mois',
    monthsOne: '{{count}} mois',
    monthsTwo: '{{count}} mois',
    monthsFew: '{{count}} mois',
    monthsOther: '{{count}} mois',
    multiMonth: 'Multi-mois',
    subjects: 'Matières',
    allSubjects: 'Tout',
    subjectPrice: '{{amount}} Dt',
    payment: 'Paiement',
    inSlicesOne: 'En {{count}} tranche',
    inSlicesTwo: 'En {{count}} tranches',
    inSlicesFew: 'En {{count}} tranches',
    inSlicesOther: 'En {{count}} tranches',
    whole: 'En une fois',
    code: 'Code coupon ou de parrainage',
    codePlaceholder: 'Ex. : BIENVENUE10 ou CP…',
    applyCode: 'Appliquer',
    removeCode: 'Retirer le code',
    priceTitle: 'Prix',
    listPrice: 'Prix avant remise',
    base: 'Prix',
    packDiscount: 'Remise pack ({{value}} %)',
    referralDiscount: 'Parrainage {{code}} (5 %)',
    couponDiscount: 'Coupon {{code}}',
    total: 'Total',
    dueNow: 'À payer maintenant (tranche {{index}} sur {{count}})',
    sliceList: 'Tranches : {{amounts}}',
    amount: '{{amount}} Dt',
    access: 'Accès du {{start}} au {{end}}',
    accessFrom: 'Accès à partir du {{start}}',
    cancel: 'Annuler',
    next: 'Acheter',
    confirmTitle: 'Confirmer l’achat',
    confirmText: '{{amount}} points seront pris de votre porte-monnaie pour {{offer}}.',
    back: 'Retour',
    confirm: 'Confirmer l’achat'
  },
  code: {
    applied: 'Code appliqué'
  },
  purchase: {
    success: 'Abonnement activé',
    operatorOnly: 'Ce forfait s’achète auprès de votre opérateur mobile.'
  }
}
