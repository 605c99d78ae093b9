/** The `wallet` namespace in French (wallet and history screens): the specification's texts as values. */
export const walletFr = {
  page: {
    title: 'Porte monnaie',
    subtitle: '1 point = 1 dinar : rechargez votre solde puis achetez vos offres',
    missingPoints: 'Il vous manque {{amount}} points pour cet achat : rechargez votre solde, puis revenez aux offres.'
  },
  balance: {
    title: 'Mon solde',
    unitOne: 'point',
    unitTwo: 'points',
    unitOther: 'points',
    dinars: '{{amount}} Dt',
    held: 'Réservé par un transfert en attente de confirmation : {{amount}} {{unit}}',
    failed: 'Impossible de charger votre solde',
    transfer: 'Transférer des points',
    refresh: 'Actualiser'
  },
  accounts: {
    title: 'Comptes bancaires',
    intro: 'Pour un virement ou un versement, utilisez l’un de ces comptes puis déclarez-le ci-dessous avec sa référence.',
    owner: 'Titulaire',
    accountNumber: 'Numéro de compte',
    rib: 'RIB',
    rip: 'RIP',
    failed: 'Impossible de charger les comptes bancaires'
  },
  topUp: {
    title: 'Recharger mon solde',
    methodsLabel: 'Moyen de paiement',
    methods: {
      transfer: 'Virement bancaire',
      online: 'Paiement en ligne',
      d17: 'D17'
    },
    methodHints: {
      transfer: 'Déclarez votre virement ou versement : il sera crédité après vérification.',
      online: 'Payez par carte sur la page de paiement, qui s’ouvre dans votre navigateur.',
      d17: 'Scannez le code QR avec l’application D17.'
    },
    amount: 'Montant (Dt)',
    amountHint: 'Saisissez le montant demandé en dinars (1pt = 1DT)',
    reference: 'Référence du virement',
    referenceHint: 'Sans espaces, telle qu’elle figure sur votre reçu',
    comment: 'Commentaire (facultatif)',
    submit: {
      transfer: 'Déclarer le virement',
      online: 'Payer en ligne',
      d17: 'Afficher le code QR'
    },
    transferPending: 'Virement {{reference}} enregistré : il apparaît dans l’historique en attente de validation.'
  },
  online: {
    waitingTitle: 'Paiement en cours dans votre navigateur',
    waitingText: 'Terminez le paiement sur la page qui s’est ouverte. Cette page se mettra à jour à votre retour.',
    reopen: 'Rouvrir la page de paiement',
    cancel: 'Ne plus attendre'
  },
  d17: {
    title: 'Paiement D17',
    instructions: 'Scannez ce code QR avec l’application D17 pour payer {{amount}} Dt.',
    qrLabel: 'Code QR du paiement D17',
    waiting: 'En attente du paiement… vérification automatique toutes les quelques secondes.',
    notYet: 'Le paiement n’a pas encore été reçu.',
    paid: 'Paiement reçu : votre solde a été crédité.',
    failed: 'Le paiement D17 a été refusé.',
    check: 'Vérifier le paiement',
    close: 'Fermer'
  },
  result: {
    successTitle: 'Abonnement activé',
    successText: 'Votre solde a été crédité de {{amount}} {{unit}}.',
    failureTitle: 'Une erreur est survenue',
    failureText: 'La transaction n’a pas pu aboutir, veuillez réessayer plus tard',
    pendingTitle: 'Paiement en attente',
    pendingText: 'Le paiement n’est pas encore confirmé. Votre solde sera crédité dès sa confirmation.',
    loading: 'Vérification du paiement…',
    retry: 'Réessayer',
    toOffers: 'Voir les offres',
    close: 'Fermer'
  },
  transfer: {
    title: 'Transférer des points',
    intro: 'Les points sont réservés puis transférés quand vous confirmez avec le code reçu.',
    toUser: 'Destinataire',
    toUserHint: 'Numéro de téléphone, adresse e-mail ou identifiant du compte',
    points: 'Nombre de points',
    pointsHint: 'Entre 10 et 5000 points',
    submit: 'Transférer',
    codeTitle: 'Code de confirmation',
    codeIntro: 'Saisissez le code de 6 caractères envoyé pour confirmer le transfert de {{points}} {{unit}} à {{name}}.',
    code: 'Code',
    confirm: 'Confirmer',
    resend: 'Renvoyer le code',
    codeSent: 'Un code de confirmation vous a été envoyé.',
    codeResent: 'Un nouveau code vous a été envoyé.',
    done: 'Transfert de {{points}} {{unit}} à {{name}} confirmé.',
    cancel: 'Annuler',
    close: 'Fermer'
  },
  history: {
    title: 'Historique des points',
    columns: {
      code: 'Code',
      method: 'Méthode',
      amount: 'Montant',
      description: 'Description',
      date: 'Date',
      status: 'Statut'
    },
    empty: 'Aucun historique',
    failed: 'Impossible de charger l’historique'
  },
  status: {
    pending: 'En attente',
    approved: 'Validé',
    rejected: 'Refusé',
    paid: 'Payé',
    failed: 'Échoué',
    waiting_confirmation: 'En attente de confirmation',
    confirmed: 'Confirmé',
    expired: 'Expiré'
  },
  table: {
    rowsPerPage: 'Lignes par page',
    range: '{{from}}–{{to}} sur {{total}}',
    previous: 'Page précédente',
    next: 'Page suivante'
  },
  historyPage: {
    title: 'Historique',
    loading: 'Chargement…',
    empty: 'Aucun historique',
    failed: 'Impossible de charger cette liste',
    yes: 'Oui',
    no: 'Non',
    bookmarks: {
      title: 'Leçons enregistrées',
      name: 'Leçon',
      date: 'Enregistrée le',
      subject: 'Matière'
    },
    subscriptions: {
      title: 'Abonnements',
      name: 'Offre',
      price: 'Prix',
      start: 'Début',
      end: 'Fin',
      status: 'Résiliation',
      cancel: 'Résilier',
      cancelled: 'Résilié',
      cancelTitle: 'Résilier cet abonnement ?',
      cancelBody: '{{name}} ne sera pas renouvelé. Vous gardez l’accès jusqu’au {{date}}.',
      cancelBodyOpen: '{{name}} ne sera pas renouvelé.',
      keep: 'Garder l’abonnement',
      confirmCancel: 'Résilier l’abonnement'
    },
    classChanges: {
      title: 'Demandes de changement de classe',
      current: 'Classe actuelle',
      requested: 'Classe demandée',
      reason: 'Raison',
      otherReason: 'Autre raison',
      status: 'Statut'
    },
    transfers: {
      title: 'Transferts de points',
      senderId: 'ID expéditeur',
      sender: 'Expéditeur',
      receiverId: 'ID destinataire',
      receiver: 'Destinataire',
      points: 'Points',
      updatedAt: 'Mis à jour le',
      status: 'Statut',
      confirmed: 'Confirmé'
    },
    attendance: {
      title: 'Présence aux séances en direct',
      date: 'Date de la séance',
      session: 'Séance',
      duration: 'Durée de présence'
    },
    payments: {
      title: 'Paiements',
      amount: 'Montant reçu',
      date: 'Date du paiement',
      method: 'Méthode'
    }
  },
  errors: {
    network: 'Connexion impossible au serveur. Vérifiez votre connexion puis réessayez.',
    server: 'Une erreur s’est produite, veuillez réessayer ultérieurement',
    rateLimited: 'Trop de tentatives, veuillez patienter un instant.',
    inProgress: 'Une demande identique est déjà en cours, patientez un instant.',
    notFound: 'Élément introuvable',
    forbidden: 'Action non autorisée pour ce compte',
    closed: 'Cette opération n’est plus possible (elle est déjà réglée ou a expiré)',
    retry: 'Réessayer',
    browserFailed: 'Impossible d’ouvrir la page de paiement dans votre navigateur'
  },
  rules: {
    common: {
      required: 'Ce champ est requis',
      invalid: 'Valeur invalide',
      tooLong: 'Valeur trop longue',
      fillFields: 'Remplir les champs'
    },
    code: {
      required: 'Le code de vérification est requis',
      invalid: 'Code invalide'
    },
    payment: {
      amount: 'Saisissez le montant demandé en dinars (1pt = 1DT)',
      methodRequired: 'Choisissez un moyen de paiement',
      referenceRequired: 'La référence du virement est requise',
      referenceSpaces: 'La référence ne doit pas contenir d’espaces',
      methodUnavailable: 'Ce moyen de paiement n’est pas disponible pour le moment ; payez par virement ou versement'
    },
    transfer: {
      amountRange: 'Veuillez entrer un montant entre 10 et 5000',
      wholePoints: 'Le montant doit être un nombre entier de points',
      recipientUnknown: 'Aucun compte ne correspond à ce destinataire',
      self: 'Vous ne pouvez pas vous transférer des points',
      insufficient: 'Solde de points insuffisant',
      codeInvalid: 'Code de confirmation invalide ou expiré'
    }
  }
}
