/**
 * The source catalogue. French is the product's default language and the specification's French
 * texts are its values; `en-US` and `ar` must have exactly the same keys.
 */
import { authFr } from './auth.fr.ts'
import type { homeFr } from './home.fr.ts'
import type { inboxFr } from './inbox.fr.ts'
import type { learningFr } from './learning.fr.ts'
import type { offersFr } from './offers.fr.ts'
import type { profileFr } from './profile.fr.ts'
import type { supportFr } from './support.fr.ts'
import type { walletFr } from './wallet.fr.ts'

export const fr = {
  auth: authFr,
  shell: {
    appName: 'Darsi',
    skipToContent: 'Aller au contenu',
    loading: 'Chargement…',
    header: {
      homeLink: 'Darsi, retour à l’accueil',
      openNavigation: 'Ouvrir le menu',
      closeNavigation: 'Fermer le menu',
      expandSidebar: 'Déplier le menu latéral',
      collapseSidebar: 'Replier le menu latéral',
      searchLabel: 'Rechercher',
      searchPlaceholder: 'Rechercher une leçon…'
    },
    sidebar: {
      label: 'Navigation principale',
      home: 'Accueil',
      profile: 'Mon profil',
      offers: 'Offres',
      subjects: 'Matières',
      exams: 'Examens',
      sessions: 'En direct',
      forum: 'Le forum',
      wallet: 'Porte monnaie',
      assistance: 'Assistance',
      revenue: 'Revenu',
      parrain: 'Parrain',
      opensInBrowser: 'S’ouvre dans le navigateur'
    },
    language: {
      label: 'Langue',
      change: '{{language}}, changer de langue',
      fr: 'Français',
      'en-US': 'English',
      ar: 'العربية'
    },
    theme: {
      toLight: 'Passer au thème clair',
      toDark: 'Passer au thème sombre'
    },
    userMenu: {
      label: 'Menu utilisateur',
      profile: 'Mon profil',
      favourites: 'Liste de favoris',
      parentRequests: 'Demandes parentales',
      reports: 'Mes signalements',
      history: 'Historique',
      terms: 'Conditions d’utilisation',
      changePassword: 'Modifier le mot de passe',
      logout: 'Se déconnecter'
    },
    walletWidget: {
      label: 'Porte monnaie : {{amount}} {{unit}}',
      unitOne: 'point',
      unitTwo: 'points',
      unitOther: 'points',
      freeHours: 'Heures gratuites : {{used}} utilisées sur {{total}}',
      freeHoursExpired: 'Heures gratuites épuisées',
      hours: '{{hours}} h',
      minutes: '{{minutes}} min',
      hoursMinutes: '{{hours}} h {{minutes}} min'
    },
    footer: {
      label: 'Contact et réseaux sociaux',
      contact: 'Contactez-nous',
      phone: 'Téléphone :',
      follow: 'Suivez-nous',
      facebook: 'Facebook',
      instagram: 'Instagram',
      youtube: 'YouTube',
      copyright: '© {{year}} Darsi'
    },
    externalLink: {
      failed: 'Le lien n’a pas pu être ouvert'
    },
    snackbar: {
      region: 'Notifications',
      dismiss: 'Fermer la notification'
    },
    settings: {
      saveFailed: 'Le réglage n’a pas pu être enregistré'
    },
    notFound: {
      title: 'Oups 404 Error',
      text: 'La page que vous recherchez semble introuvable',
      backHome: 'Retour à l’accueil'
    },
    placeholder: {
      badge: 'Bientôt disponible',
      text: 'L’écran « {{screen}} » sera bientôt disponible.',
      backHome: 'Retour à l’accueil'
    },
    error: {
      title: 'Une erreur est survenue',
      text: 'Cette page n’a pas pu s’afficher.',
      reload: 'Recharger'
    }
  },
  routes: {
    home: 'Accueil',
    profile: 'Mon profil',
    profileEdit: 'Modifier mon profil',
    profileEditIncomplete: 'Compléter vos données',
    offers: 'Offres',
    subjects: 'Matières',
    courses: 'Cours',
    subjectDetails: 'Détails de la matière',
    lesson: 'Leçon',
    recording: 'Enregistrement',
    courseLesson: 'Leçon',
    courseRecording: 'Enregistrement',
    exams: 'Examens',
    examDetails: 'Détails de l’examen',
    examsCalendar: 'Calendrier des examens',
    sessions: 'En direct',
    wallet: 'Porte monnaie',
    favourites: 'Liste de favoris',
    history: 'Historique',
    parentRequests: 'Demandes parentales',
    reports: 'Mes signalements',
    assistance: 'Assistance',
    revenue: 'Revenu',
    generateGiftCode: 'Générer mon code de parrainage',
    giftCode: 'Parrainage',
    convertCoins: 'Convertir mes jetons',
    parrainProducts: 'Cadeaux',
    parrainProduct: 'Détails du cadeau',
    parrainConfirmOrder: 'Confirmer la commande',
    parrainPurchaseHistory: 'Détails de la commande',
    parrainNoCoins: 'Jetons insuffisants',
    parrainEmptyCart: 'Panier vide',
    inboxMessage: 'Message',
    confirm: 'Dernière étape',
    updatePassword: 'Modifier le mot de passe',
    switch: 'Changement de compte',
    login: 'Connexion',
    register: 'Créer un compte',
    requestPasswordReset: 'Mot de passe oublié',
    resetPassword: 'Réinitialiser le mot de passe',
    operatorOffers: 'Offres opérateur',
    socialCallback: 'Connexion en cours',
    notFound: 'Oups 404 Error'
  }
}

/**
 * Namespaces that load with the screens using them (their route chunk adds them to i18next), so
 * that the start-up bundle does not carry them.
 */
export type LazyCatalogue = {
  wallet: typeof walletFr
  profile: typeof profileFr
  home: typeof homeFr
  inbox: typeof inboxFr
  learning: typeof learningFr
  offers: typeof offersFr
  support: typeof supportFr
}

export type SourceCatalogue = typeof fr & LazyCatalogue

/** Same keys as the source catalogue, any string values. */
export type Catalogue<T = SourceCatalogue> = {
  [K in keyof T]: T[K] extends string ? string : Catalogue<T[K]>
}

/** What the start-up bundle carries: every namespace but the lazy ones. */
export type BundledCatalogue = Omit<Catalogue, keyof LazyCatalogue>
