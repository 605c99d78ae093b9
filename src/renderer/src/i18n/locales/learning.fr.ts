/** The learning screens' texts (loaded with their route chunks). */
export const learningFr = {
  section: {
    loading: 'Chargement…',
    failed: 'Cette page n’a pas pu être chargée.',
    retry: 'Réessayer'
  },
  subjects: {
    title: 'Matières',
    coursesTitle: 'Cours',
    subtitle: 'Choisissez une matière pour suivre ses chapitres et ses cours.',
    empty: 'Aucune matière n’est disponible pour votre classe.',
    progress: 'Progression',
    progressValue: '{{value}} %'
  },
  details: {
    back: 'Matières',
    tabsLabel: 'Types de chapitres',
    tabs: {
      course: 'Cours',
      exam: 'Examens',
      recording: 'Enregistrements',
      divers: 'Divers'
    },
    otherChapters: 'Autres chapitres',
    chapterProgress: 'Progression du chapitre {{number}}',
    noLesson: 'Bientôt disponible',
    videosOne: '{{count}} vidéo',
    videosTwo: '{{count}} vidéos',
    videosFew: '{{count}} vidéos',
    videosOther: '{{count}} vidéos',
    magazinesOne: '{{count}} Magazine',
    magazinesTwo: '{{count}} Magazines',
    magazinesFew: '{{count}} Magazines',
    magazinesOther: '{{count}} Magazines',
    levelRefused: 'Accès non autorisé pour ce niveau',
    levelRefusedText: 'Cette matière n’appartient pas à votre classe.',
    backToSubjects: 'Retour aux matières'
  },
  widget: {
    label: 'À propos de la matière',
    progress: 'Progression',
    chaptersOne: '{{count}} chapitre',
    chaptersTwo: '{{count}} chapitres',
    chaptersFew: '{{count}} chapitres',
    chaptersOther: '{{count}} chapitres',
    videosOne: '{{count}} vidéo',
    videosTwo: '{{count}} vidéos',
    videosFew: '{{count}} vidéos',
    videosOther: '{{count}} vidéos',
    others: 'Autres matières',
    more: 'voir plus',
    less: 'voir moins'
  },
  ads: {
    label: 'À découvrir',
    open: 'Découvrir',
    video: 'Voir la vidéo'
  },
  lesson: {
    breadcrumb: 'Fil d’Ariane',
    back: 'Retour à {{subject}}',
    previous: 'Leçon précédente',
    next: 'Leçon suivante',
    completed: 'Leçon terminée',
    watched: '{{value}} % regardé',
    instructor: 'Enseignant',
    chapter: 'Chapitre',
    attachments: 'Pièces jointes',
    noAttachments: 'Aucune pièce jointe dans cette leçon',
    listLabel: 'Leçons de la matière',
    current: 'Leçon en cours',
    lockedLesson: 'Leçon verrouillée',
    completedLesson: 'Leçon terminée',
    lockedTitle: 'Ce cours est verrouillé',
    lockedText: 'Vous devez débloquer ce cours : choisissez une offre pour regarder cette leçon.',
    lockedAction: 'Voir les offres',
    noVideo: 'La vidéo de cette leçon sera bientôt disponible.',
    freeEndedTitle: 'Vos heures gratuites sont terminées',
    freeEndedText: 'Abonnez-vous à une offre pour continuer à regarder les cours.',
    freeEndedAction: 'Voir les offres',
    freeHours: 'Cette leçon est comptée sur vos heures gratuites.'
  },
  player: {
    label: 'Lecteur vidéo : {{name}}',
    play: 'Lire',
    pause: 'Pause',
    seek: 'Position dans la vidéo',
    time: '{{position}} sur {{duration}}',
    speed: 'Vitesse',
    fullscreen: 'Plein écran',
    exitFullscreen: 'Quitter le plein écran',
    offline: 'Connexion perdue : votre progression est gardée et sera envoyée dès son retour.',
    failed: 'La vidéo n’a pas pu être lue.',
    retry: 'Réessayer',
    keys: 'Espace : lecture ou pause · ← → : 5 secondes · F : plein écran'
  },
  actions: {
    label: 'Actions de la leçon',
    bookmark: 'Ajouter aux favoris',
    unbookmark: 'Retirer des favoris',
    love: 'J’aime',
    report: 'Signaler',
    sad: 'Triste',
    interactionsOne: '{{count}} interaction',
    interactionsTwo: '{{count}} interactions',
    interactionsFew: '{{count}} interactions',
    interactionsOther: '{{count}} interactions',
    unlockFirst: 'Vous devez débloquer ce cours',
    failed: 'Votre action n’a pas pu être enregistrée. Réessayez.',
    bookmarkAdded: 'Leçon ajoutée à vos favoris',
    bookmarkRemoved: 'Leçon retirée de vos favoris'
  },
  favourites: {
    title: 'Liste de favoris',
    subtitle: 'Les leçons que vous avez ajoutées à vos favoris, les plus récentes d’abord.',
    empty: 'Aucune leçon dans vos favoris pour le moment.',
    since: 'ajoutée le {{date}}',
    remove: 'Retirer « {{name}} » des favoris'
  },
  attachments: {
    download: 'Télécharger {{name}}',
    downloadShort: 'Télécharger',
    retry: 'Réessayer le téléchargement de {{name}}',
    retryShort: 'Réessayer',
    downloading: 'Téléchargement de {{name}}',
    failed: 'Le téléchargement a échoué : aucun fichier n’a été enregistré.',
    notIncluded: 'Non inclus dans votre offre'
  }
}
