/**
 * Message keys of the validation rules and their French texts (the French catalogue values come
 * from the specification, section 5). Rules return keys; the server answers the French text; the
 * renderer looks the key up in its own catalogue for the current language.
 */
export const frMessages = {
  'common.required': 'Ce champ est requis',
  'common.invalid': 'Valeur invalide',
  'common.tooLong': 'Valeur trop longue',
  'common.unknownField': "Ce champ n'est pas attendu",
  'common.fillFields': 'Remplir les champs',
  'credential.required': 'Veuillez saisir votre adresse e-mail/numéro de téléphone',
  'credential.invalid': 'Veuillez saisir un numéro de téléphone/une adresse e-mail valide',
  'credential.unchanged': 'Le code a déjà été envoyé ici : utilisez « Renvoyer le code »',
  'credential.unchangedResent': 'Le code a déjà été envoyé ici : saisissez celui que vous avez reçu',
  'password.required': 'Veuillez saisir votre mot de passe',
  'password.min': 'Mot de passe minimum 8 caractères',
  'password.length': 'The password value should be between 8 and 16 characters',
  'password.uppercase': 'Le mot de passe doit contenir au moins une lettre majuscule',
  'password.lowercase': 'Le mot de passe doit contenir au moins une lettre minuscule',
  'password.digit': 'Le mot de passe doit contenir au moins un chiffre',
  'password.special': 'Le mot de passe doit contenir au moins un caractère spécial',
  'password.repeated': 'Le mot de passe ne doit pas répéter un caractère six fois ou plus',
  'password.mismatch': 'Les deux mots de passe doivent correspondre',
  'password.newMismatch': 'Les nouveaux mot de passes ne sont pas identiques',
  'password.confirmRequired': 'Confirm Password is missing',
  'password.sameAsOld': "Le nouveau mot de passe doit être différent de l'ancien",
  'password.oldInvalid': "L'ancien mot de passe est incorrect",
  'names.firstNameRequired': 'Le prénom est requis',
  'names.firstNameInvalid': 'Veuillez saisir un prénom valide',
  'names.lastNameRequired': 'Le nom est requis',
  'names.lastNameInvalid': 'Veuillez saisir un nom valide',
  'phone.required': 'Le numéro de téléphone est requis',
  'phone.invalid': 'Veuillez saisir un numéro de téléphone valide',
  'phone.sameAsMain': 'Le deuxième numéro doit être différent du numéro principal',
  'phone.locked': 'Le numéro de téléphone ne peut plus être modifié',
  'parentPhone.required': 'Phone number is required',
  'parentPhone.length': 'Phone number must be exactly 8 digits long',
  'parentPhone.format': 'Invalid phone number format',
  'email.required': "L'adresse e-mail est requise",
  'email.invalid': 'Please enter a valid email',
  'email.useAddEmail': 'L’adresse e-mail s’ajoute par « Ajouter un e-mail » et se confirme par un code',
  'birthDate.required': 'La date de naissance est requise',
  'birthDate.format': 'Format de date invalide',
  'birthDate.tooLate': 'Cette valeur doit être antérieure au 16 mai 2018',
  'birthDate.minAge': 'Age must be 5 years or older',
  'birthDate.future': 'La date de naissance ne peut pas être dans le futur',
  'code.required': 'Le code de vérification est requis',
  'code.invalid': 'Code invalid',
  'code.missing': 'Code is missing',
  'division.required': 'La division est requise',
  'division.unknown': 'Cette classe est inconnue',
  'division.changeByRequest': 'Le changement de classe se fait par une demande de changement de classe',
  'optionalSubject.invalid': "Cette option n'existe pas pour cette classe",
  'state.required': 'Le gouvernorat est requis',
  'country.required': 'Le pays est requis',
  'address.required': 'Remplir les champs pays gouvernorat',
  'address.invalid': 'Adresse invalide',
  'captcha.required': 'Veuillez confirmer que vous n’êtes pas un robot',
  'captcha.invalid': 'La vérification anti-robot a échoué, veuillez réessayer',
  'profile.readOnlyUntilCompleted': 'Ce champ ne peut être modifié que lorsque le profil est complet',
  'payment.amount': 'Saisissez le montant demandé en dinars (1pt = 1DT)',
  'payment.methodRequired': 'Choisissez un moyen de paiement',
  'payment.referenceRequired': 'La référence du virement est requise',
  'payment.referenceSpaces': 'La référence ne doit pas contenir d’espaces',
  'payment.methodUnavailable': 'Ce moyen de paiement n’est pas disponible pour le moment ; payez par virement ou versement',
  'transfer.amountRange': 'Veuillez entrer un montant entre 10 et 5000',
  'transfer.recipientUnknown': 'Aucun compte ne correspond à ce destinataire',
  'transfer.self': 'Vous ne pouvez pas vous transférer des points',
  'transfer.insufficient': 'Solde de points insuffisant',
  'transfer.codeInvalid': 'Code de confirmation invalide ou expiré',
  'divisionRequest.reasonRequired': 'Remplir le champ raison',
  'divisionRequest.divisionRequired': 'Remplir le champ classe',
  'divisionRequest.reason2Required': 'Précisez la raison du changement de classe',
  'divisionRequest.sameDivision': 'Choisissez une classe différente de votre classe actuelle',
  'divisionRequest.reasonUnknown': 'Cette raison est inconnue',
  'marksheet.divisionRequired': 'Please select a division',
  'marksheet.trimesterInvalid': 'Le trimestre doit être 1, 2 ou 3',
  'marksheet.fileRequired': 'Veuillez choisir un fichier',
  'marksheet.fileType': 'Type de fichier non accepté (gif, jpg, png, pdf, jpeg, svg, doc, docx, ppt, pptx, xls, xlsx)',
  'marksheet.fileTooLarge': 'Le fichier dépasse la taille maximale de 10 Mo',
  'avatar.fileRequired': 'Veuillez choisir une photo',
  'avatar.fileType': 'Type de photo non accepté (jpg, jpeg, png, gif, webp)',
  'avatar.fileTooLarge': 'La photo dépasse la taille maximale de 10 Mo',
  'avatar.unreadable': 'Cette photo est illisible ou endommagée',
  'avatar.useUpload': 'La photo se change en envoyant une image',
  'search.tooShort': 'Saisissez au moins 3 caractères'
} as const

export type MessageKey = keyof typeof frMessages

export function isMessageKey(value: string): value is MessageKey {
  return Object.prototype.hasOwnProperty.call(frMessages, value)
}

/** The French text of a key; an unknown string is returned unchanged. */
export function frText(keyOrText: string): string {
  return isMessageKey(keyOrText) ? frMessages[keyOrText] : keyOrText
}
