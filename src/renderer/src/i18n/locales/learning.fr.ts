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
  }
}
