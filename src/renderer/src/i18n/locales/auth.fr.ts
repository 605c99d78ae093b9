/**
 * The `auth` namespace in French: the specification's texts (section 5 and 8) as values; those it
 * quotes in English (the server's own, 'Invalid credentials', 'Code invalid' …) in French.
 */
export const authFr = {
  common: {
    showPassword: 'Afficher le mot de passe',
    hidePassword: 'Masquer le mot de passe',
    choose: 'Choisir…',
    required: 'obligatoire',
    backToLogin: 'Retour à la connexion',
    retry: 'Réessayer',
    checking: 'Vérification en cours…'
  },
  login: {
    heading: 'Connexion',
    subtitle: 'Connectez-vous pour retrouver vos cours',
    username: 'Adresse e-mail ou numéro de téléphone',
    usernamePlaceholder: 'exemple@mail.com ou 20 123 456',
    password: 'Mot de passe',
    submit: 'Se connecter',
    forgot: 'Mot de passe oublié ?',
    noAccount: 'Vous n’avez pas de compte ?',
    createAccount: 'Créer un compte',
    or: 'ou',
    google: 'Continuer avec Google',
    facebook: 'Continuer avec Facebook',
    providerOpened: 'La page de connexion s’est ouverte dans votre navigateur',
    teacherRedirect: 'Votre espace enseignant s’est ouvert dans votre navigateur'
  },
  register: {
    heading: 'Créer un compte',
    subtitle: 'Quelques informations pour commencer',
    firstName: 'Prénom',
    lastName: 'Nom',
    country: 'Pays',
    state: 'Gouvernorat',
    phone: 'Numéro de téléphone',
    email: 'Adresse e-mail',
    emailOptional: 'Adresse e-mail (facultatif)',
    birthDate: 'Date de naissance',
    birthDateHint: 'jj/mm/aaaa',
    division: 'Classe',
    optionalSubject: 'Matière optionnelle',
    password: 'Mot de passe',
    passwordConfirm: 'Confirmer le mot de passe',
    passwordHint: 'De 8 à 16 caractères, avec une majuscule, une minuscule, un chiffre et un caractère spécial',
    referral: 'Code de parrainage',
    submit: 'Créer mon compte',
    haveAccount: 'Vous avez déjà un compte ?',
    signIn: 'Se connecter',
    pickersFailed: 'Les listes de choix n’ont pas pu être chargées'
  },
  confirm: {
    heading: 'Dernière étape',
    text: 'Saisissez le code de confirmation à 6 caractères que nous vous avons envoyé par SMS ou par e-mail.',
    code: 'Code de confirmation',
    submit: 'Confirmer',
    resend: 'Renvoyer le code',
    resent: 'Un nouveau code vous a été envoyé',
    verified: 'Votre compte est vérifié',
    continue: 'Continuer',
    otherAccount: 'Utiliser un autre compte',
    sentTo: 'Code envoyé à <target>{{credential}}</target>',
    change: 'Modifier',
    changeSubmit: 'Envoyer le code',
    changeCancel: 'Annuler',
    changed: 'Un nouveau code a été envoyé à {{credential}}'
  },
  requestReset: {
    heading: 'Mot de passe oublié',
    text: 'Saisissez votre adresse e-mail ou votre numéro de téléphone : nous vous enverrons un code de vérification.',
    credential: 'Adresse e-mail ou numéro de téléphone',
    submit: 'Envoyer le code',
    sent: 'Si un compte correspond à cet identifiant, un code de vérification vient de lui être envoyé'
  },
  reset: {
    heading: 'Réinitialiser le mot de passe',
    text: 'Saisissez le code reçu et choisissez un nouveau mot de passe.',
    token: 'Code de vérification',
    newPassword: 'Nouveau mot de passe',
    retypePassword: 'Confirmer le nouveau mot de passe',
    submit: 'Réinitialiser',
    otherCredential: 'Changer d’identifiant',
    successTitle: 'Le Mot de Passe est Modifié',
    successText: 'Vous pouvez maintenant vous connecter avec votre nouveau mot de passe.',
    signIn: 'Se connecter'
  },
  password: {
    heading: 'Modifier le mot de passe',
    expiredText: 'Votre mot de passe a expiré : choisissez-en un nouveau pour continuer.',
    oldPassword: 'Ancien mot de passe',
    newPassword: 'Nouveau mot de passe',
    confirmation: 'Confirmer le nouveau mot de passe',
    submit: 'Modifier',
    cancel: 'Annuler',
    inProgress: 'En traitement...',
    success: 'Le Mot de Passe est Modifié',
    signOut: 'Se déconnecter'
  },
  social: {
    loading: 'Connexion en cours…',
    failed: 'La connexion avec ce compte n’a pas abouti'
  },
  switch: {
    loading: 'Changement de compte en cours…',
    missing: 'Aucun lien de changement de compte n’a été reçu',
    failed: 'Le changement de compte n’a pas abouti',
    expired: 'Ce lien de changement de compte a expiré ou a déjà servi. Demandez-en un nouveau.'
  },
  session: {
    storageTitle: 'Session gardée en mémoire uniquement',
    storageText:
      'Cet ordinateur ne permet pas d’enregistrer votre session de façon sécurisée. Elle est gardée en mémoire seulement : vous devrez vous reconnecter au prochain démarrage.',
    storageOk: 'J’ai compris',
    offlineTitle: 'Serveur injoignable',
    offlineText: 'Impossible de joindre le serveur. Vérifiez votre connexion puis réessayez.',
    platformText: 'L’application n’a pas pu lire ses réglages. Relancez-la.',
    loggedOut: 'Vous êtes déconnecté',
    registerPageOpened: 'La session est terminée : la page d’inscription s’ouvre dans votre navigateur.'
  },
  errors: {
    network: 'Impossible de joindre le serveur. Vérifiez votre connexion puis réessayez.',
    server: "Une erreur s'est produite, veuillez réessayer ultérieurement",
    invalidCredentials: 'Identifiants invalides',
    accountUsed: 'Ces informations de compte sont déjà utilisées',
    rateLimited: 'Trop de tentatives, veuillez réessayer plus tard',
    captcha: 'La vérification anti-robot a échoué, veuillez réessayer',
    invalidCode: 'Code invalide',
    alreadyVerified: 'Votre compte est déjà vérifié',
    samePassword: 'Le nouveau mot de passe doit être différent de l’ancien',
    oldPasswordInvalid: 'L’ancien mot de passe est incorrect',
    testAccount: 'Les comptes de test ne peuvent pas modifier ces informations',
    socialCode: 'Ce lien de connexion n’est plus valable, recommencez',
    sessionExpired: 'Votre session a expiré, veuillez vous reconnecter',
    forbidden: 'Vous n’êtes pas autorisé à effectuer cette action',
    notFound: 'Élément introuvable',
    levelNotAllowed: 'Accès non autorisé pour ce niveau',
    contentLocked: 'Vous devez débloquer ce cours',
    quizAnswerInvalid: 'Cette réponse ne correspond pas aux questions de ce quiz',
    quizAttemptSubmitted: 'Cette tentative a déjà été envoyée',
    videoReportNotPending: 'Seul un signalement en attente peut être modifié ou supprimé',
    notVerified: 'Votre compte n’est pas encore vérifié',
    passwordExpired: 'Votre mot de passe a expiré, veuillez le changer',
    insufficientPoints: 'Solde de points insuffisant',
    tooLarge: 'L’envoi est trop volumineux',
    unsupportedType: 'Ce format n’est pas pris en charge',
    inProgress: 'Une demande identique est déjà en cours, patientez un instant',
    operationImpossible: 'Opération impossible',
    invalidInput: 'Certaines informations envoyées ne sont pas valides',
    /** The refusals of a purchase (the pricing engine's codes, decision 0034). */
    purchase: {
      unknownPeriod: 'Durée inconnue',
      periodNotOffered: 'Cette durée n’est pas proposée pour cette offre',
      invalidQuantity: 'Nombre de mois invalide (de 1 à 12)',
      divisionDisabled: 'Cette offre n’est pas disponible pour le moment',
      priceMissing: 'Le prix de cette offre n’est pas encore fixé',
      subjectsRequired: 'Choisissez au moins une matière',
      unknownSubject: 'Cette matière ne fait pas partie du pack',
      duplicateSubject: 'Une matière a été choisie deux fois',
      subjectsNotSoldSeparately: 'Les matières de cette offre ne se vendent pas séparément',
      sliceOutOfRange: 'Cette tranche n’existe pas pour cette offre',
      twoCodes: 'Les codes ne sont pas cumulables : un seul code à la fois',
      codeAlreadyAdded: 'Ce code est déjà ajouté',
      codeRequired: 'Code coupon requis',
      codeTooShort: 'Le code doit contenir au moins 3 caractères',
      ownCode: 'Vous ne pouvez pas utiliser votre propre code',
      unknownCode: 'Ce code n’existe pas',
      codeInactive: 'Ce code a expiré ou n’est plus actif',
      codeExpired: 'Ce code a expiré ou n’est plus actif',
      codeNotApplicable: 'Ce code n’est pas valable pour cette classe, cette offre ou cette durée',
      codeFirstSliceOnly: 'Un code ne s’applique qu’à la première tranche',
      invalidCoupon: 'Ce code n’est pas valable',
      codeMaxUsesReached: 'Ce code a atteint son nombre maximal d’utilisations',
      codeAlreadyUsed: 'Vous avez déjà utilisé ce code',
      earlierSliceUnpaid: 'Les tranches précédentes doivent être payées d’abord',
      sliceAlreadyPaid: 'Cette tranche est déjà payée',
      chapterAlreadyPurchased: 'Vous avez déjà acheté ce chapitre',
      subscriptionEnded: 'Cet abonnement est déjà terminé',
      subscriptionCancelled: 'Cet abonnement a été résilié',
      operatorPlanNotActive: 'Aucun abonnement opérateur n’est actif',
      operatorRefused: 'L’opérateur n’a pas pu traiter cette demande'
    }
  },
  rules: {
    common: {
      required: 'Ce champ est requis',
      invalid: 'Valeur invalide',
      tooLong: 'Valeur trop longue',
      unknownField: "Ce champ n'est pas attendu",
      fillFields: 'Remplir les champs'
    },
    credential: {
      required: 'Veuillez saisir votre adresse e-mail/numéro de téléphone',
      invalid: 'Veuillez saisir un numéro de téléphone/une adresse e-mail valide',
      unchanged: 'Le code a déjà été envoyé ici : utilisez « Renvoyer le code »',
      unchangedResent: 'Le code a déjà été envoyé ici : saisissez celui que vous avez reçu',
      alreadyUsed: 'Ces informations de compte sont déjà utilisées',
      unknown: 'Cette adresse e-mail ou ce numéro de téléphone n’existe pas'
    },
    password: {
      required: 'Veuillez saisir votre mot de passe',
      min: 'Mot de passe minimum 8 caractères',
      length: 'Le mot de passe doit contenir entre 8 et 16 caractères',
      uppercase: 'Le mot de passe doit contenir au moins une lettre majuscule',
      lowercase: 'Le mot de passe doit contenir au moins une lettre minuscule',
      digit: 'Le mot de passe doit contenir au moins un chiffre',
      special: 'Le mot de passe doit contenir au moins un caractère spécial',
      repeated: 'Le mot de passe ne doit pas répéter un caractère six fois ou plus',
      mismatch: 'Les deux mots de passe doivent correspondre',
      newMismatch: 'Les nouveaux mot de passes ne sont pas identiques',
      confirmRequired: 'La confirmation du mot de passe est requise',
      sameAsOld: "Le nouveau mot de passe doit être différent de l'ancien",
      oldInvalid: "L'ancien mot de passe est incorrect"
    },
    names: {
      firstNameRequired: 'Le prénom est requis',
      firstNameInvalid: 'Veuillez saisir un prénom valide',
      lastNameRequired: 'Le nom est requis',
      lastNameInvalid: 'Veuillez saisir un nom valide'
    },
    phone: {
      required: 'Le numéro de téléphone est requis',
      invalid: 'Veuillez saisir un numéro de téléphone valide',
      sameAsMain: 'Le deuxième numéro doit être différent du numéro principal',
      locked: 'Le numéro de téléphone ne peut plus être modifié',
      operatorTaken: 'Le numéro existe déjà',
      operatorNoAccount: 'Aucun compte élève n’utilise ce numéro : inscrivez-vous ou connectez-vous'
    },
    parentPhone: {
      required: 'Le numéro de téléphone est requis',
      length: 'Le numéro de téléphone doit comporter exactement 8 chiffres',
      format: 'Format de numéro de téléphone invalide'
    },
    email: {
      required: "L'adresse e-mail est requise",
      invalid: 'Veuillez saisir une adresse e-mail valide',
      useAddEmail: 'L’adresse e-mail s’ajoute par « Ajouter un e-mail » et se confirme par un code'
    },
    birthDate: {
      required: 'La date de naissance est requise',
      format: 'Format de date invalide',
      tooLate: 'Cette valeur doit être antérieure au 16 mai 2018',
      minAge: 'L’âge doit être d’au moins 5 ans',
      future: 'La date de naissance ne peut pas être dans le futur'
    },
    code: {
      required: 'Le code de vérification est requis',
      invalid: 'Code invalide',
      missing: 'Le code est manquant'
    },
    division: {
      required: 'La division est requise',
      unknown: 'Cette classe est inconnue',
      changeByRequest: 'Le changement de classe se fait par une demande de changement de classe'
    },
    optionalSubject: { invalid: "Cette option n'existe pas pour cette classe", required: 'La matière optionnelle est requise' },
    state: { required: 'Le gouvernorat est requis' },
    country: { required: 'Le pays est requis' },
    address: { required: 'Remplir les champs pays gouvernorat', invalid: 'Adresse invalide' },
    captcha: {
      required: 'Veuillez confirmer que vous n’êtes pas un robot',
      invalid: 'La vérification anti-robot a échoué, veuillez réessayer'
    },
    profile: { readOnlyUntilCompleted: 'Ce champ ne peut être modifié que lorsque le profil est complet' },
    search: { tooShort: 'Saisissez au moins 3 caractères' },
    videoReport: { fieldsRequired: 'Remplir les champs raison et description' }
  }
}
