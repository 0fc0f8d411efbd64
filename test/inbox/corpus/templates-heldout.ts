import type { Lang } from './companies.ts'
import type { Template } from './template.ts'

/**
 * Held-out mail: written after the phrase lists were last changed and never used to change them,
 * so the benchmark's held-out figures say how triage does on wording it was not fitted to.
 */
export const HELD_OUT: [Lang, Template[]][] = [
  ['en', [
    { label: 'acknowledgement', subject: 'Application confirmation — {role}', body: 'Hi {first},\n\nWe’ve got your application for {role}! Someone from our recruiting team will look at it within 10 business days.\n\n— {company} People Ops' },
    { label: 'acknowledgement', subject: 'Thanks, {first}!', body: 'Thank you for applying to {company}. We appreciate you taking the time to apply for {role}. If your experience matches what we need, we will contact you.' },
    { label: 'screening', subject: 'Let’s talk about {role}', body: 'Hi {first}, I’m {recruiter} from the talent team. Would you be free for a 15-minute call tomorrow to discuss the {role} opening?' },
    { label: 'screening', subject: 'Recruiter screen', body: 'Hello {first},\n\nYou have been selected for a recruiter screen for {role}. Please grab a time on my calendar: {link}\n\n{recruiter}' },
    { label: 'interview_invitation', subject: 'Onsite interview for {role}', body: 'Hi {first},\n\nWe would love to have you come in for an onsite interview with the team. It will be four sessions over one afternoon.\n\n{recruiter}' },
    { label: 'interview_invitation', subject: 'Interview scheduling — {company}', body: 'Hello {first}, please select a slot for your interview with our hiring manager using this link: {link}' },
    { label: 'assessment', subject: 'Coding exercise for {role}', body: 'Hi {first},\n\nThe next stage is a coding exercise on CodeSignal (70 minutes). Please complete it within five days.\n\nThanks,\n{recruiter}' },
    { label: 'offer', subject: 'Welcome aboard?', body: 'Hi {first},\n\nI’m thrilled to share that we want you to join {company} as {role}! The offer letter is attached; please review it and let me know your decision by Friday.\n\n{recruiter}' },
    { label: 'rejection', subject: 'Your candidacy at {company}', body: 'Dear {first},\n\nThank you for your patience. We have now completed the process for {role} and will not be moving forward with your application. We hope you will apply again in the future.\n\n{company} Recruiting' },
    { label: 'rejection', subject: 'Following up on your interview', body: 'Hi {first},\n\nThanks for taking the time to meet the team. Unfortunately the hiring manager has decided to pursue other candidates for this role.\n\nBest wishes,\n{recruiter}' },
    { label: 'info_request', subject: 'One more thing', body: 'Hi {first}, before the panel, could you please confirm whether you would need relocation support, and your current notice period?\n\n{recruiter}' },
    { label: 'incomplete_application', subject: 'Reminder: complete your application', body: 'Hi {first},\n\nYour application for {role} is not yet complete. Please answer the remaining questions in the portal: {link}' },
    { label: 'other', subject: 'Top jobs in Berlin this week', body: 'New jobs matching your saved search. Unsubscribe from these emails at any time.', sender: 'digest@jobboard.example', senderName: 'JobBoard Weekly' },
  ]],
  ['de', [
    { label: 'acknowledgement', subject: 'Bewerbungseingang', body: 'Hallo {first},\n\nwir bestätigen den Eingang Ihrer Bewerbung für die Stelle {role}. Vielen Dank für Ihre Bewerbung – wir melden uns.\n\n{company}' },
    { label: 'interview_invitation', subject: 'Terminvorschlag Vorstellungsgespräch', body: 'Hallo {first},\n\ngerne möchten wir Sie persönlich kennenlernen und laden Sie zum Vorstellungsgespräch am Dienstag um 10 Uhr ein.\n\n{recruiter}' },
    { label: 'rejection', subject: 'Absage {role}', body: 'Hallo {first},\n\nwir haben uns die Entscheidung nicht leicht gemacht, müssen Ihnen aber leider absagen.\n\nAlles Gute\n{recruiter}' },
    { label: 'assessment', subject: 'Fallstudie', body: 'Hallo {first},\n\nim Anhang finden Sie eine kleine Fallstudie. Wir besprechen Ihre Lösung dann im nächsten Gespräch.\n\n{recruiter}' },
    { label: 'info_request', subject: 'Kurze Frage', body: 'Hallo {first},\n\nwie hoch ist Ihre Gehaltsvorstellung, und ab wann könnten Sie anfangen?\n\n{recruiter}' },
    { label: 'offer', subject: 'Jobangebot {company}', body: 'Hallo {first},\n\nwir möchten Ihnen gerne die Stelle als {role} anbieten und freuen uns auf Ihre Rückmeldung zum beiliegenden Arbeitsvertrag.\n\n{recruiter}' },
  ]],
  ['fr', [
    { label: 'acknowledgement', subject: 'Candidature reçue', body: 'Bonjour {first},\n\nNous accusons réception de votre candidature pour le poste de {role}. Merci pour votre candidature !\n\n{company}' },
    { label: 'interview_invitation', subject: 'Entretien avec l’équipe', body: 'Bonjour {first},\n\nNous souhaiterions vous rencontrer lors d’un entretien avec le manager jeudi prochain.\n\n{recruiter}' },
    { label: 'rejection', subject: 'Suite de votre candidature', body: 'Bonjour {first},\n\nNous avons le regret de vous informer que nous avons retenu un autre profil pour ce poste.\n\n{recruiter}' },
    { label: 'screening', subject: 'Échange téléphonique', body: 'Bonjour {first},\n\nSeriez-vous disponible pour un échange téléphonique de 15 minutes demain ?\n\n{recruiter}' },
    { label: 'incomplete_application', subject: 'Dossier incomplet', body: 'Bonjour {first},\n\nVotre candidature est incomplète : merci d’ajouter votre lettre de motivation.\n\n{link}' },
    { label: 'offer', subject: 'Offre – {role}', body: 'Bonjour {first},\n\nNous sommes ravis de vous proposer le poste de {role}. Vous trouverez le contrat en pièce jointe.\n\n{recruiter}' },
  ]],
  ['es', [
    { label: 'acknowledgement', subject: 'Confirmación de tu candidatura', body: 'Hola {first}, hemos recibido tu candidatura para {role}. ¡Gracias por tu interés en {company}!' },
    { label: 'interview_invitation', subject: 'Entrevista con el equipo', body: 'Hola {first},\n\nQueremos invitarte a una entrevista con el responsable del equipo la próxima semana.\n\n{recruiter}' },
    { label: 'rejection', subject: 'Proceso {role}', body: 'Hola {first},\n\nDesafortunadamente hemos decidido no continuar con tu candidatura en esta ocasión.\n\n{recruiter}' },
    { label: 'assessment', subject: 'Reto técnico', body: 'Hola {first},\n\nTe enviamos un reto técnico para el puesto de {role}. Tienes una semana.\n\n{recruiter}' },
    { label: 'info_request', subject: 'Disponibilidad', body: 'Hola {first},\n\n¿Podrías confirmar tu disponibilidad para incorporarte y tus expectativas salariales?\n\n{recruiter}' },
    { label: 'offer', subject: 'Propuesta para {role}', body: 'Hola {first},\n\nNos complace ofrecerte el puesto. Adjuntamos la carta oferta.\n\n{recruiter}' },
  ]],
  ['nl', [
    { label: 'acknowledgement', subject: 'We hebben je sollicitatie', body: 'Hoi {first},\n\nBedankt voor je sollicitatie! We hebben je sollicitatie ontvangen en reageren binnen een week.\n\n{company}' },
    { label: 'interview_invitation', subject: 'Uitnodiging gesprek', body: 'Hoi {first},\n\nWe willen je graag uitnodigen voor een gesprek met het team op ons kantoor.\n\n{recruiter}' },
    { label: 'rejection', subject: 'Je sollicitatie', body: 'Beste {first},\n\nHelaas moeten we je laten weten dat we je niet uitnodigen voor een gesprek.\n\n{recruiter}' },
    { label: 'screening', subject: 'Even bellen?', body: 'Hoi {first},\n\nZullen we morgen een kort telefonisch gesprek plannen over de functie {role}?\n\n{recruiter}' },
    { label: 'info_request', subject: 'Opzegtermijn', body: 'Hoi {first},\n\nWat is je opzegtermijn en je salarisindicatie?\n\n{recruiter}' },
    { label: 'offer', subject: 'Aanbod {company}', body: 'Beste {first},\n\nMet plezier doen we je een aanbod voor de functie {role}.\n\n{recruiter}' },
  ]],
  ['ru', [
    { label: 'acknowledgement', subject: 'Отклик получен', body: 'Здравствуйте, {first}! Мы получили ваш отклик на вакансию {role}. Спасибо за интерес к нашей компании.' },
    { label: 'interview_invitation', subject: 'Собеседование', body: 'Здравствуйте, {first}!\n\nПриглашаем вас на собеседование с руководителем команды в четверг.\n\n{recruiter}' },
    { label: 'rejection', subject: 'По вашему отклику', body: 'Здравствуйте, {first}!\n\nК сожалению, на данный момент мы не можем предложить вам эту позицию.\n\n{recruiter}' },
    { label: 'assessment', subject: 'Задание', body: 'Здравствуйте, {first}!\n\nОтправляем тестовое задание. Срок — пять дней.\n\n{recruiter}' },
    { label: 'screening', subject: 'Созвон', body: 'Здравствуйте, {first}!\n\nДавайте созвонимся завтра на 15 минут, расскажу о вакансии.\n\n{recruiter}' },
    { label: 'offer', subject: 'Предложение', body: 'Здравствуйте, {first}!\n\nРады предложить вам позицию {role}. Детали в письме.\n\n{recruiter}' },
  ]],
]
