use std::collections::HashMap;
use std::fs;

pub struct Config {
    values: HashMap<String, String>,
}

impl Config {
    pub fn load(path: &str) -> Config {
        let text = fs::read_to_string(path).unwrap();
        let mut values = HashMap::new();
        for line in text.lines() {
            if let Some((key, value)) = line.split_once('=') {
                values.insert(key.trim().to_string(), value.trim().to_string());
            }
        }
        Config { values }
    }

    pub fn get(&self, key: &str) -> Option<&String> {
        self.values.get(key)
    }

    pub fn port(&self) -> u16 {
        self.get("port").unwrap().parse().expect("port is a number")
    }
}

pub fn first_line(path: &str) -> String {
    let text = fs::read_to_string(path).unwrap();
    text.lines().next().unwrap_or("").to_string()
}
