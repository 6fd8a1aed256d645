/// Name pools for ``GeneratedContacts``: hundreds of given and family names from many languages, drawn with
/// Zipf-like frequencies (the name of rank r is drawn in proportion to 1 / r^0.5; the commonest given name is
/// 3% of contacts, as "Maria" or "Mohammed" are in large populations). A common prefix such as "jo" (John, José,
/// Joseph, Jones, Johnson, ...) matches about 16% of the contacts, "maria garc" about 0.05%, rare names a handful.
/// The lists interleave languages so every language has common and rare names.
enum GeneratedNames {
    static let given: [String] = [
        "Maria", "John", "Anna", "Mohammed", "Wei", "José", "David", "Fatima", "Michael", "Sofia",
        "James", "Elena", "Ahmed", "Yuki", "Daniel", "Olga", "Carlos", "Priya", "Peter", "Laura",
        "Juan", "Aisha", "Thomas", "Mei", "Robert", "Ana", "Ali", "Sarah", "Jan", "Emma",
        "Luis", "Hana", "Paul", "Ngozi", "Andrea", "Ivan", "Chloé", "Omar", "Julia", "Jean",
        "Fernando", "Zoë", "Hiroshi", "Lucia", "Mark", "Ingrid", "Alexander", "Amina", "Jorge", "Sara",
        "Søren", "Leila", "Giovanni", "Katarzyna", "Dmitri", "Emily", "Jonas", "Aiko", "Pierre", "Nadia",
        "Łukasz", "Charlotte", "Björn", "Yasmin", "Antonio", "Mariam", "Kenji", "Isabel", "Joseph", "Olivia",
        "Владимир", "Ελένη", "太郎", "지훈", "Gabriel", "Ólafur", "Anne-Marie", "Rahul", "Chen", "Lena",
        "Joanna", "Miguel", "Ayşe", "Mehmet", "Noah", "Linh", "Tomás", "Ewa", "Marco", "Ji-woo",
        "Johanna", "Francesco", "Adebayo", "Kwame", "Seo-yeon", "Arjun", "Lars", "Freya", "Matteo", "Ines",
        "Анна", "Сергей", "Γιώργος", "Νίκος", "美咲", "翔太", "민준", "서연", "伟", "芳",
        "Joaquín", "Jonathan", "Joel", "Jordan", "Josephine", "Jorunn", "Jozef", "Jolanta", "Jovana", "Joon-ho",
        "Kateřina", "Ondřej", "Zsófia", "Bence", "Ioana", "Mihai", "Dragan", "Milica", "Agnieszka", "Piotr",
        "Henrik", "Astrid", "Mikko", "Aino", "Sigríður", "Guðmundur", "Niamh", "Seán", "Siobhán", "Oisín",
        "Chidi", "Folake", "Tendai", "Thandiwe", "Abebe", "Amara", "Kofi", "Zanele", "Yaw", "Nkechi",
        "Rohan", "Ananya", "Sanjay", "Lakshmi", "Vikram", "Deepa", "Imran", "Ayesha", "Tariq", "Zainab",
        "Nguyễn Văn", "Thu", "Minh", "Somchai", "Siriporn", "Budi", "Siti", "Rizal", "Maricel", "Jericho",
        "Yosef", "Noa", "Avi", "Tamar", "Dalia", "Karim", "Rania", "Youssef", "Layla", "Hamza",
        "Beatriz", "Rodrigo", "Camila", "Mateo", "Valentina", "Santiago", "Ximena", "Diego", "Renata", "Joaquim",
        "Aleksander", "Zofia", "Bartosz", "Magdalena", "Wojciech", "Marek", "Hanna", "Jakub", "Natalia", "Kacper",
        "Greta", "Klaus", "Jürgen", "Hildegard", "Lotte", "Friedrich", "Sabine", "Uwe", "Heike", "Jörg",
        "Amélie", "Léa", "Benoît", "Élodie", "Théo", "Gaëlle", "François", "Hélène", "Jérôme", "Joséphine",
        "Giulia", "Alessandro", "Chiara", "Lorenzo", "Federica", "Niccolò", "Beatrice", "Riccardo", "Ilaria", "Jacopo",
        "Hamid", "Parisa", "Reza", "Shirin", "Dariush", "Nasrin", "Arash", "Yalda", "Kian", "Roya",
        "Ulla", "Jens", "Mette", "Kasper", "Sven", "Elin", "Nils", "Solveig", "Åsa", "Jørgen",
        "Ђорђе", "Јелена", "Мирослав", "Наталья", "Евгений", "Юлия", "Богдан", "Оксана", "Тарас", "Ярослава",
        "Δημήτρης", "Μαρία", "Κατερίνα", "Ιωάννης", "Σοφία", "Αθηνά", "Παναγιώτης", "Χρήστος", "Ιωάννα", "Ευάγγελος",
        "花子", "健", "陽菜", "大輔", "さくら", "ひろし", "ゆうき", "明", "秀英", "建国",
        "하준", "지우", "도윤", "수아", "예준", "하은", "시우", "지민", "현우", "유진",
        "Ebba", "Wilma", "Alva", "Idun", "Ragnhild", "Torbjørn", "Eero", "Jouni", "Joakim", "Jolene",
    ]

    static let family: [String] = [
        "Smith", "García", "Wang", "Müller", "Nguyen", "Kim", "Rossi", "Ivanov", "Johnson", "Martin",
        "Silva", "Li", "Kowalski", "Tanaka", "Hernández", "Khan", "Jones", "Dubois", "Schmidt", "Chen",
        "Rodríguez", "Sato", "Patel", "Brown", "Jansen", "Okafor", "Pérez", "Zhang", "Andersson", "Yılmaz",
        "Williams", "Lee", "Fischer", "Suzuki", "Martínez", "Sharma", "López", "Park", "Bernard", "Novak",
        "Ferrari", "Hansen", "O'Brien", "Kovačević", "Nielsen", "Gonzalez", "Liu", "Weber", "Takahashi", "Singh",
        "Appleseed", "Østergaard", "da Silva", "van der Berg", "Öberg", "de Jong", "Van Dyke", "MacDonald",
        "Papadopoulos", "Nowak",
        "Иванов", "Παπαδοπούλου", "山田", "김", "이", "박", "李", "王", "張", "佐藤",
        "Jovanović", "Horvat", "Nagy", "Popescu", "Dvořák", "Kozlov", "Petrov", "Smirnov", "Kuznetsov", "Sokolov",
        "Wagner", "Becker", "Hoffmann", "Schulz", "Koch", "Richter", "Klein", "Wolf", "Schröder", "Neumann",
        "Moreau", "Laurent", "Lefèvre", "Girard", "Bonnet", "Dupont", "Lambert", "Fontaine", "Rousseau", "Chevalier",
        "Esposito", "Bianchi", "Romano", "Colombo", "Ricci", "Marino", "Greco", "Bruno", "Gallo", "Conti",
        "Fernández", "Gómez", "Díaz", "Sánchez", "Ramírez", "Torres", "Flores", "Rivera", "Morales", "Jiménez",
        "Santos", "Oliveira", "Souza", "Costa", "Pereira", "Almeida", "Carvalho", "Ribeiro", "Gomes", "Araújo",
        "Johansson", "Karlsson", "Larsson", "Olsen", "Pedersen", "Jensen", "Virtanen", "Korhonen", "Jónsson",
        "Guðmundsdóttir",
        "Murphy", "Kelly", "O'Sullivan", "Walsh", "Byrne", "Ó Ceallaigh", "Evans", "Davies", "Thomas", "Roberts",
        "Adeyemi", "Okonkwo", "Mensah", "Boateng", "Mwangi", "Otieno", "Nkosi", "Dlamini", "Tesfaye", "Bekele",
        "Gupta", "Reddy", "Iyer", "Nair", "Chatterjee", "Das", "Ali", "Hussain", "Qureshi", "Chaudhry",
        "Tran", "Pham", "Hoang", "Vu", "Wong", "Lim", "Tan", "Santoso", "Reyes", "Cruz",
        "Cohen", "Levi", "Mizrahi", "Haddad", "Khoury", "Mansour", "Hassan", "Ibrahim", "Mahmoud", "Rahimi",
        "Jackson", "Johnston", "Jordan", "Joseph", "Joyce", "Jovanovski", "Jokić", "Jóhannsdóttir", "Jobs", "Jolie",
        "Wiśniewski", "Wójcik", "Kamiński", "Lewandowski", "Zieliński", "Szymański", "Woźniak", "Dąbrowski",
        "Kozłowski", "Mazur",
        "Смирнова", "Кузнецов", "Попов", "Васильев", "Новиков", "Морозов", "Волков", "Шевченко", "Бондаренко",
        "Коваленко",
        "Παπαδάκης", "Γεωργίου", "Νικολάου", "Οικονόμου", "Αλεξίου", "Βασιλείου", "Κωνσταντίνου", "Δημητρίου", "Μακρής",
        "Αντωνίου",
        "鈴木", "高橋", "田中", "伊藤", "渡辺", "中村", "小林", "加藤", "吉田", "山本",
        "최", "정", "강", "조", "윤", "장", "임", "한", "오", "서",
        "陈", "刘", "杨", "黄", "赵", "周", "吴", "徐", "孙", "马",
        "Kaya", "Demir", "Şahin", "Çelik", "Aydın", "Özdemir", "Arslan", "Doğan", "Kılıç", "Aslan",
        "Yamamoto", "Watanabe", "Ito", "Nakamura", "Kobayashi", "Moreno", "Álvarez", "Romero", "Navarro", "Ruiz",
        "Meyer", "Schneider", "Zimmermann", "Krüger", "Hartmann", "Lange", "Bauer", "Vogel", "Jäger", "Böhm",
        "Stewart", "Campbell", "Anderson", "Taylor", "Wilson", "Walker", "Harris", "Clark", "Lewis", "Young",
    ]

    /// Cumulative Zipf weights (exponent 0.5) for a list of `count` names, for binary search.
    static func cumulativeWeights(count: Int) -> [Double] {
        var total = 0.0
        return (1...count).map { rank in
            total += 1 / Double(rank).squareRoot()
            return total
        }
    }
}
