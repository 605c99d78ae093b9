/** The `inbox` namespace in French: notifications, messages, popups and the lesson search. */
export const inboxFr = {
  notifications: {
    label: 'Notifications',
    labelWithOne: 'Notifications, 1 non lue',
    labelWithCount: 'Notifications, {{count}} non lues',
    title: 'Notifications',
    all: 'Toutes',
    unread: 'Non lues',
    empty: 'Aucune notification pour le moment',
    emptyUnread: 'Aucune notification non lue',
    loadFailed: 'Les notifications n’ont pas pu être chargées',
    moreFailed: 'La suite n’a pas pu être chargée',
    retry: 'Réessayer',
    loadingMore: 'Chargement de la suite…',
    settings: 'Réglages des notifications',
    back: 'Retour aux notifications',
    unseen: 'Non lue',
    reconnecting: 'Connexion perdue, reconnexion en cours…'
  },
  messages: {
    label: 'Messages',
    labelWithOne: 'Messages, 1 non lu',
    labelWithCount: 'Messages, {{count}} non lus',
    title: 'Messages',
    all: 'Tous',
    unread: 'Non lus',
    empty: 'Aucun message pour le moment',
    emptyUnread: 'Aucun message non lu',
    loadFailed: 'Les messages n’ont pas pu être chargés',
    retry: 'Réessayer',
    unseen: 'Non lu',
    notFound: 'Ce message est introuvable',
    received: 'Reçu le {{date}}',
    backHome: 'Retour à l’accueil'
  },
  popup: {
    close: 'Fermer',
    never: 'Ne plus afficher',
    failed: 'Votre choix n’a pas pu être enregistré, réessayez'
  },
  search: {
    noOptions: 'No options',
    minChars: 'Saisissez au moins 3 caractères',
    searching: 'Recherche en cours…',
    disabled: 'La recherche n’est pas disponible avec votre offre',
    results: 'Résultats de la recherche'
  }
}
