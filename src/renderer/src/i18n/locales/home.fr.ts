/** The home dashboard's texts (loaded with the home's route chunk). */
export const homeFr = {
  page: {
    greeting: 'Bonjour {{name}} !',
    subtitle: 'Votre journée sur Darsi : séances en direct, nouveaux cours et progression.'
  },
  section: {
    loading: 'Chargement…',
    failed: 'Cette partie n’a pas pu être chargée.',
    retry: 'Réessayer'
  },
  profile: {
    noDivision: 'Classe non renseignée',
    unitOne: 'point',
    unitTwo: 'points',
    unitOther: 'points',
    open: 'Voir mon profil',
    pointsLabel: 'Porte monnaie : {{amount}} {{unit}}'
  },
  warning: {
    title: 'Votre abonnement arrive à échéance',
    offer: 'Votre offre {{name}} se termine le {{date}}.',
    slice: 'La tranche n° {{index}} de votre offre {{name}} est à régler avant le {{date}}.',
    daysOne: 'Il reste {{count}} jour',
    daysTwo: 'Il reste {{count}} jours',
    daysFew: 'Il reste {{count}} jours',
    daysOther: 'Il reste {{count}} jours',
    hoursOne: 'Il reste {{count}} heure',
    hoursTwo: 'Il reste {{count}} heures',
    hoursFew: 'Il reste {{count}} heures',
    hoursOther: 'Il reste {{count}} heures',
    progress: 'Période d’avertissement écoulée',
    renew: 'Renouveler mon offre'
  },
  sessions: {
    title: 'Séances en direct du jour',
    empty: 'Aucune séance en direct aujourd’hui.',
    all: 'Toutes les séances',
    time: '{{start}} – {{end}}',
    teacher: 'Avec {{teacher}}',
    state: {
      inProgress: 'En Cours',
      upcoming: 'Bientôt',
      finished: 'Terminée'
    }
  },
  latest: {
    title: 'Derniers cours',
    empty: 'Aucun nouveau cours pour le moment.'
  },
  free: {
    title: 'Vidéos gratuites',
    empty: 'Aucune vidéo gratuite pour le moment.',
    badge: 'Gratuit'
  },
  content: {
    added: 'Ajouté le {{date}}',
    minutesOne: '{{count}} min',
    minutesTwo: '{{count}} min',
    minutesFew: '{{count}} min',
    minutesOther: '{{count}} min'
  },
  progress: {
    title: 'Ma progression',
    empty: 'Aucune matière pour votre classe.',
    all: 'Toutes les matières',
    value: '{{value}} %'
  },
  forum: {
    title: 'Le forum',
    empty: 'Aucun sujet récent.',
    open: 'Ouvrir le forum',
    meta: '{{author}} · {{date}}',
    replies: 'Réponses : {{count}}',
    opensInBrowser: 'S’ouvre dans le navigateur'
  },
  ads: {
    label: 'À la une',
    open: 'Ouvrir',
    video: 'Voir la vidéo'
  },
  welcome: {
    title: 'Bienvenue sur Darsi, {{name}} !',
    body: 'Votre accueil rassemble les séances en direct du jour, les derniers cours, les vidéos gratuites et votre progression dans chaque matière.',
    start: 'C’est parti'
  }
}
