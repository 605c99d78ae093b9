/** The support screens' texts: my reports, the report dialog, assistance (loaded with their route chunks). */
export const supportFr = {
  common: {
    loading: 'Chargement…',
    failed: 'Cette page n’a pas pu être chargée.',
    retry: 'Réessayer'
  },
  status: {
    pending: 'En attente',
    inProgress: 'En cours',
    rejected: 'Rejeté',
    resolved: 'Résolu'
  },
  reports: {
    title: 'Mes signalements',
    subtitle: 'Les problèmes que vous avez signalés sur les vidéos des leçons et leur suivi.',
    empty: 'Vous n’avez signalé aucune vidéo.',
    caption: 'Mes signalements de vidéos',
    date: 'Date',
    lesson: 'Leçon',
    reason: 'Raison',
    status: 'Statut',
    rejectReason: 'Motif du rejet',
    actions: 'Actions',
    edit: 'Modifier le signalement de « {{lesson}} »',
    delete: 'Supprimer le signalement de « {{lesson}} »',
    deleted: 'Signalement supprimé',
    confirmTitle: 'Supprimer ce signalement ?',
    confirmBody: 'Le signalement de « {{lesson}} » sera supprimé définitivement.',
    confirmDelete: 'Supprimer',
    cancel: 'Annuler'
  },
  dialog: {
    createTitle: 'Signaler un problème',
    editTitle: 'Modifier le signalement',
    lesson: 'Leçon : {{lesson}}',
    reason: 'Raison',
    choose: 'Choisir une raison',
    description: 'Description',
    descriptionHint: 'Décrivez le problème (au moment où il se produit, ce que vous voyez ou entendez).',
    reasonsFailed: 'Les raisons n’ont pas pu être chargées.',
    retry: 'Réessayer',
    cancel: 'Annuler',
    send: 'Envoyer',
    save: 'Enregistrer',
    created: 'Signalement envoyé',
    updated: 'Signalement modifié'
  },
  assistance: {
    title: 'Assistance',
    subtitle: 'Des vidéos pour vous aider à utiliser Darsi.',
    empty: 'Aucune vidéo d’assistance pour le moment.',
    unplayable: 'Cette vidéo ne peut pas être lue pour le moment.'
  }
}
