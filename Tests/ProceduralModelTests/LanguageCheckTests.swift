@testable import GuidedGeneration
@testable import ProceduralModel
import Testing

@Suite struct LanguageCheckTests {
    static let foreign: [String: [String]] = [
        "zh": ["你好，你在这里工作多久了？", "我想要一杯咖啡。", "今天天气怎么样？", "请给我菜单。", "这个多少钱？",
               "你叫什么名字？", "我不喜欢茶。", "厕所在哪里？", "谢谢你的帮助。", "我们明天见。"],
        "ja": ["こんにちは、ここでどのくらい働いていますか？", "コーヒーをください。", "今日はいい天気ですね。",
               "お名前は何ですか？", "トイレはどこですか？", "ありがとうございます。", "これはいくらですか？",
               "私は学生です。", "また明日。", "メニューを見せてください。"],
        "ko": ["안녕하세요, 여기서 얼마나 일하셨어요?", "커피 한 잔 주세요.", "오늘 날씨가 좋네요.", "이름이 뭐예요?",
               "화장실이 어디예요?", "감사합니다.", "이거 얼마예요?", "저는 학생이에요.", "내일 봐요.", "메뉴 좀 보여 주세요."],
        "ru": ["Привет, как долго ты здесь работаешь?", "Я хочу чашку кофе.", "Какая сегодня погода?",
               "Как тебя зовут?", "Где здесь туалет?", "Спасибо за помощь.", "Сколько это стоит?",
               "Я не люблю чай.", "Увидимся завтра.", "Покажите, пожалуйста, меню."],
        "el": ["Γεια σου, πόσο καιρό δουλεύεις εδώ;", "Θέλω έναν καφέ.", "Τι καιρό κάνει σήμερα;",
               "Πώς σε λένε;", "Πού είναι η τουαλέτα;", "Ευχαριστώ πολύ.", "Πόσο κοστίζει αυτό;",
               "Δεν μου αρέσει το τσάι.", "Τα λέμε αύριο.", "Μπορώ να δω το μενού;"],
        "ar": ["مرحبا، منذ متى تعمل هنا؟", "أريد فنجان قهوة.", "كيف الطقس اليوم؟", "ما اسمك؟", "أين الحمام؟",
               "شكرا جزيلا.", "كم سعر هذا؟", "أنا لا أحب الشاي.", "أراك غدا.", "هل يمكنني رؤية القائمة؟"],
        "fr": ["Bonjour, depuis combien de temps travaillez-vous ici ?", "Je voudrais un café, s'il vous plaît.",
               "Quel temps fait-il aujourd'hui ?", "Comment tu t'appelles ?", "Où sont les toilettes ?",
               "Merci beaucoup pour votre aide.", "C'est combien ?", "Je n'aime pas le thé.", "À demain, mon ami.",
               "Est-ce que je peux voir la carte ?"],
        "de": ["Hallo, wie lange arbeitest du schon hier?", "Ich möchte einen Kaffee, bitte.", "Wie ist das Wetter heute?",
               "Wie heißt du?", "Wo ist die Toilette?", "Vielen Dank für deine Hilfe.", "Was kostet das?",
               "Ich mag keinen Tee.", "Bis morgen, mein Freund.", "Kann ich die Karte sehen?"],
        "es": ["Hola, ¿cuánto tiempo llevas trabajando aquí?", "Quiero un café, por favor.", "¿Qué tiempo hace hoy?",
               "¿Cómo te llamas?", "¿Dónde está el baño?", "Muchas gracias por tu ayuda.", "¿Cuánto cuesta esto?",
               "No me gusta el té.", "Hasta mañana, mi amigo.", "¿Puedo ver el menú?"],
    ]

    static let english = [
        "How long have you worked here?", "What's good today?", "Can I have a café latte?", "Danke!",
        "Hi", "Hello there!", "One espresso, please.", "Do you have oat milk?", "What time do you close?",
        "Tell me a riddle.", "Who is the mayor of this town?", "Is the bakery open tomorrow?",
        "I'd like a croissant and a cappuccino.", "Have you ever met Jean-Pierre de la Fontaine?",
        "My friend José says the churros here are great.", "Where can I buy a map?", "Any news from the village?",
        "What do you recommend for a rainy day?", "Thanks, see you later!", "How much is a piñata?",
        "Can you recommend a good book?", "Generate an NPC for a fantasy tavern.", "What's your name?",
        "I'm looking for the blacksmith.", "Do you know Herr Müller from the inn?", "Is there a quest for me?",
        "The weather is lovely today, isn't it?", "Could I get a mocha with extra foam?", "ok", "Why?",
        "El Niño is coming this year, they say.", "Please say bonjour to your sister for me.",
        "What is a Zeitgeist?", "Order: two lattes, one tea.", "42", "",
    ]

    @Test(arguments: foreign.keys.sorted()) func recognisesForeignLanguages(_ code: String) {
        for sentence in Self.foreign[code]! {
            #expect(LanguageCheck.detectedLanguage(sentence) == code, "\(sentence)")
            #expect(LanguageCheck.detectedLanguage(sentence) != nil, "\(sentence)")
        }
    }

    @Test func acceptsEnglishWithForeignNamesAndWords() {
        for sentence in Self.english {
            #expect(LanguageCheck.detectedLanguage(sentence) == nil, "\(sentence) → \(LanguageCheck.detectedLanguage(sentence) ?? "")")
        }
    }

    @Test func shortForeignPhrasesWithTwoSignalsCount() {
        #expect(LanguageCheck.detectedLanguage("Danke schön!") == "de")
        #expect(LanguageCheck.detectedLanguage("Où est la gare ?") == "fr")
        #expect(LanguageCheck.detectedLanguage("你好") == "zh")
        #expect(LanguageCheck.detectedLanguage("Hello 你") == nil)
    }
}
