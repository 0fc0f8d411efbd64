import type { Label } from './labels.ts'

/**
 * Phrases that mark each triage label, in English, German, French, Spanish, Dutch and Russian.
 * Matched as regular expressions against lowercased text with collapsed whitespace (no \b: it does
 * not know Cyrillic). Written from the wording of real recruiting mail; bench/mail-triage.ts
 * measures them against the labelled corpus in test/inbox/corpus/.
 */
export const PHRASES: Record<Exclude<Label, 'other'>, string[]> = {
  offer: [
    'pleased to offer you', 'happy to offer you', 'delighted to offer you', 'extend (you )?an offer', 'offer letter', 'formal offer', 'job offer', 'your offer', 'offer of employment', 'we would like to offer you',
    'freuen uns,? ihnen (eine stelle|ein angebot|die position) anzubieten', 'vertragsangebot', 'arbeitsvertrag', 'jobangebot', 'angebot für die position',
    'proposition d.embauche', 'offre d.emploi formelle', 'vous proposer le poste', 'heureux de vous proposer', 'promesse d.embauche',
    'oferta de trabajo', 'oferta formal', 'ofrecerte el puesto', 'carta oferta', 'complace ofrecerte',
    'aanbod voor de functie', 'arbeidsvoorwaardenvoorstel', 'je een aanbod', 'aanbieding voor de functie', 'contractvoorstel',
    'предложение о работе', 'оффер', 'предложить вам позицию', 'рады предложить вам',
  ],
  rejection: [
    'unfortunately', 'regret to inform', 'not to move forward', 'not be moving forward', 'will not be moving forward', 'decided to move forward with other', 'decided to pursue other candidates', 'not (been )?selected', 'position has been filled', 'other candidates whose', 'not able to offer you', 'we will not be progressing', 'not progress your application', 'no longer under consideration',
    'leider', 'absage', 'nicht (weiter )?berücksichtigen', 'anderen kandidaten entschieden', 'nicht weiter verfolgen', 'keine positive nachricht',
    'malheureusement', 'ne pas donner suite', 'pas retenu', 'pas été retenue?', 'regret de vous informer',
    'lamentablemente', 'desafortunadamente', 'no ha sido seleccionad', 'no continuar con tu candidatura', 'otros candidatos', 'lamentamos informarte',
    'helaas', 'niet verder', 'afgewezen', 'andere kandidaat', 'niet door naar',
    'к сожалению', 'отказ', 'не готовы продолжить', 'выбрали другого кандидата', 'не можем предложить',
  ],
  assessment: [
    'coding challenge', 'take-home', 'take home (assignment|exercise|test)', 'technical assessment', 'online assessment', 'hackerrank', 'codility', 'codesignal', 'coderpad assessment', 'testgorilla', 'skills test', 'assessment link', 'complete the assessment', 'case study', 'home assignment', 'technical test',
    'programmieraufgabe', 'coding-aufgabe', 'technischen test', 'online-test', 'fallstudie', 'probeaufgabe',
    'test technique', 'exercice technique', 'étude de cas', 'cas pratique',
    'prueba técnica', 'reto técnico', 'ejercicio técnico', 'caso práctico',
    'technische opdracht', 'thuisopdracht', 'programmeeropdracht', 'assessment',
    'тестовое задание', 'тестового задания', 'техническое задание', 'онлайн-тест',
  ],
  interview_invitation: [
    'invite you (to|for) an? (\\w+ ){0,2}interview', 'invitation to (an? )?(\\w+ )?interview', 'interview invitation', 'schedule (an|your|the) (\\w+ )?interview', 'technical interview', 'onsite interview', 'on-site interview', 'final interview', 'next round', 'interview with (our|the) (team|hiring manager|engineering)', 'meet the team', 'book (a|your) (time|slot) for (an|your|the) interview', 'interview slot', 'invitation for your interview',
    'einladung zu(m| einem) (\\w+ )?(vorstellungs)?gespräch', 'vorstellungsgespräch', 'bewerbungsgespräch', 'zum interview einladen', 'technisches interview', 'nächste runde',
    'entretien', 'vous inviter à un', 'convier à un',
    'entrevista', 'invitarte a una',
    'sollicitatiegesprek', 'uitnodiging voor een (\\w+ )?gesprek', 'uitnodigen voor een (\\w+ )?gesprek', 'kennismakingsgesprek', 'vervolggesprek', 'tweede gesprek',
    'приглашаем (вас )?на (\\S+ )?собеседование', 'приглашение на (\\S+ )?собеседование', 'собеседовани', 'интервью с командой',
  ],
  screening: [
    'phone screen', 'screening call', 'recruiter call', 'introductory call', 'intro call', 'quick call', 'short call', 'chat with (me|our recruiter|a recruiter)', 'initial call', 'first call', 'discovery call', '15.minute call', '30.minute call', 'have a (quick |short )?chat',
    'telefoninterview', 'telefonat', 'kennenlerngespräch', 'kurzes gespräch', 'erstgespräch',
    'appel téléphonique', 'échange téléphonique', 'premier échange', 'appel de présélection', 'court appel',
    'llamada telefónica', 'llamada inicial', 'llamada breve', 'primera llamada', 'breve conversación',
    'telefonisch gesprek', 'belafspraak', 'kort telefoongesprek', 'eerste gesprek',
    'телефонный звонок', 'созвон', 'короткий звонок', 'первичный звонок',
  ],
  incomplete_application: [
    'application is incomplete', 'incomplete application', 'complete your application', 'finish your application', 'missing (documents|information|required)', 'not yet complete', 'still need(s)? to complete',
    'bewerbung ist (noch )?unvollständig', 'unvollständige bewerbung', 'bewerbung (zu )?vervollständigen', 'vervollständigen sie ihre bewerbung', 'fehlende unterlagen',
    'candidature (est )?incomplète', 'compléter votre candidature', 'documents manquants',
    'solicitud (está )?incompleta', 'candidatura incompleta', 'completar tu (solicitud|candidatura)', 'documentos faltantes',
    'sollicitatie is (nog )?onvolledig', 'onvolledige sollicitatie', 'sollicitatie af te ronden', 'ontbrekende documenten', 'sollicitatie (te )?voltooien',
    'заявка не завершена', 'незавершенн', 'заполните анкету', 'не хватает документов', 'завершить заявку',
  ],
  info_request: [
    'could you (please )?(send|share|provide|let us know|confirm)', 'please (send|share|provide|let us know|confirm)', 'salary expectations', 'notice period', 'your availability', 'work permit', 'additional information', 'a few questions', 'right to work',
    'gehaltsvorstellung', 'kündigungsfrist', 'könnten sie uns', 'bitte senden sie', 'weitere informationen', 'arbeitserlaubnis',
    'prétentions salariales', 'pourriez-vous', 'merci de nous (envoyer|transmettre|indiquer)', 'préavis', 'informations complémentaires',
    'expectativas salariales', 'podrías (enviarnos|indicarnos|confirmar)', 'por favor,? (envíanos|indícanos)', 'preaviso', 'información adicional',
    'salarisindicatie', 'salarisverwachting', 'opzegtermijn', 'zou je (ons )?(kunnen|willen)', 'aanvullende informatie',
    'зарплатные ожидания', 'ожидания по зарплате', 'не могли бы вы', 'пришлите', 'дополнительную информацию',
  ],
  acknowledgement: [
    'thank you for (your )?appl', 'thanks for (your )?appl', 'we (have )?received your application', 'application (has been )?received', 'received your application', 'thank you for your interest', 'application was submitted', 'successfully submitted', 'we will review your application', 'reviewing your application',
    'vielen dank für ihre bewerbung', 'danke für deine bewerbung', 'bewerbung (ist )?(bei uns )?eingegangen', 'eingangsbestätigung', 'ihre bewerbung erhalten',
    'merci pour votre candidature', 'avons bien reçu votre candidature', 'accusé de réception', 'candidature a bien été', 'remercions de l.intérêt', 'en cours d.étude',
    'gracias por (tu|su) (solicitud|candidatura|postulación|interés)', 'hemos recibido tu', 'recibido tu candidatura', 'solicitud recibida',
    'bedankt voor je sollicitatie', 'bedankt voor uw sollicitatie', 'sollicitatie ontvangen', 'ontvangstbevestiging', 'hebben je sollicitatie ontvangen', 'bedankt voor je interesse', 'leuk dat je interesse',
    'спасибо за (ваш )?отклик', 'получили ваш(е|у)? (отклик|резюме|заявку)', 'ваш отклик получен', 'спасибо за интерес',
  ],
}

/** Job alerts, newsletters and marketing: mail that is about jobs but about no application of yours. */
export const OTHER_MARKERS = [
  'job alert', 'jobs for you', 'new jobs', 'recommended jobs', 'jobs you may be interested', 'newsletter', 'weekly digest', 'webinar', 'unsubscribe from (these|this) (alerts|emails|list)', 'your daily', 'people are viewing your profile', 'invoice', 'receipt for your',
  'jobangebote für sie', 'neue jobs', 'stellenangebote für', 'nouvelles offres', 'offres pour vous', 'nuevas ofertas', 'empleos para ti', 'nieuwe vacatures', 'vacatures voor jou', 'новые вакансии', 'подборка вакансий', 'рассылк',
]

/**
 * Senders of applicant-tracking systems: mail from them is about an application; with no stronger
 * phrase it is an acknowledgement (the receipt every ATS sends).
 */
export const ATS_DOMAINS = [
  'greenhouse.io', 'greenhouse-mail.io', 'lever.co', 'hire.lever.co', 'myworkday.com', 'workday.com', 'smartrecruiters.com', 'smartrecruiters-mail.com', 'ashbyhq.com', 'teamtailor.com', 'teamtailor-mail.com',
  'personio.de', 'personio.com', 'recruitee.com', 'workable.com', 'workablemail.com', 'bamboohr.com', 'jobvite.com', 'icims.com', 'successfactors.com', 'successfactors.eu', 'taleo.net', 'join.com', 'breezy.hr', 'pinpointhq.com', 'rippling.com', 'huntflow.ru', 'hh.ru',
]

/** Job boards and networks whose mail is an alert unless it carries a recruiter's own words. */
export const BOARD_DOMAINS = ['linkedin.com', 'indeed.com', 'glassdoor.com', 'stepstone.de', 'xing.com', 'welcometothejungle.com', 'infojobs.net', 'nationalevacaturebank.nl', 'superjob.ru']
